export * from './tokens';
export * from './theme-provider';
