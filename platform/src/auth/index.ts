export * from './auth-context';
export * from './guards';
export * from './login-csrf';
export * from './sign-in-form';
