export * from './alert';
export * from './button';
export * from './fields';
export * from './layout';
export * from './modal';
export * from './spinner';
export * from './visually-hidden';
