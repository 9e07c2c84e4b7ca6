export * from './dates';
export * from './decimal';
export * from './server-errors';
export * from './last-payment-method';
