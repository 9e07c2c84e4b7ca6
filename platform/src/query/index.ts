export * from './use-query';
