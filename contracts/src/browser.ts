// The browser's view of the contracts: paths and constants as values, schemas as types only. Pages need the
// shapes, not the schema builder, so TypeBox never reaches the page (webpack resolves @loupe/contracts here).
export * from './paths';
export type * from './common';
export type * from './auth';
export type * from './memberships';
export type * from './messages';
export * from './constants';
export type * from './inventory';
export type * from './clients';
export type * from './finance';
