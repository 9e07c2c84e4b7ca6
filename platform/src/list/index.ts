export * from './list-params';
export * from './pagination';
