export * from './schemas';
export * from './constants';
export * from './endpoints';
export * from './endpoint-schemas';
export * from './paths';
export * from './amounts';
export * from './permissions';
export * from './address';
