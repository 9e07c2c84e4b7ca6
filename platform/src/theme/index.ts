import './styled';
export * from './tokens';
export * from './theme-provider';
