export * from './list-controller';
export * from './list-params';
export * from './pagination';
export * from './list-results';
export * from './filter-bar';
export * from './list-search';
