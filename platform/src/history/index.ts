export * from './history-panel';
