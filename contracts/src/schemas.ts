// Every TypeBox schema of the API (and its type), in one namespace: the endpoint map names its schemas by their
// export name here, and endpoint-schemas.ts looks them up.
export * from './common';
export * from './auth';
export * from './memberships';
export * from './messages';
export * from './inventory';
export * from './clients';
export * from './finance';
export * from './audit';
export * from './corrections';
export * from './documents';
export * from './documents-messages';
export * from './deals';
export * from './deal-messages';
export * from './purchases';
export * from './purchase-messages';
export * from './catalogue';
export * from './catalogue-messages';
export * from './labels';
export * from './stock-takes';
export * from './stock-take-messages';
export * from './stock-analytics';
export * from './books';
export * from './search';
export * from './retention';
export * from './risk';
export * from './suspicions';
