export * from './http';
export * from './auth';
export * from './theme';
export * from './ui';
export * from './format';
export type * from './federation/types';
