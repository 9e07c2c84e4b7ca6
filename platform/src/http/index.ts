export * from './http-client';
export { getCookie } from './cookies';
export * from './upload';
export * from './api';
