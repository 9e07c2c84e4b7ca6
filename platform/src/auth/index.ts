export * from './auth-context';
export * from './guards';
