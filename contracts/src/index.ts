export * from './common';
export * from './auth';
export * from './memberships';
export * from './paths';
export * from './messages';
export * from './constants';
export * from './inventory';
export * from './clients';
