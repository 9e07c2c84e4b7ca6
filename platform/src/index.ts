export * from './http';
export * from './auth';
export * from './theme';
export * from './ui';
export * from './format';
export * from './query';
export * from './list';
export type * from './federation/types';
