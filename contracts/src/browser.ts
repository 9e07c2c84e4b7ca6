// The browser's view of the contracts: the endpoint map, paths and constants as values, schemas as types only.
// Pages need the shapes, not the schema builder, so TypeBox never reaches the page (webpack resolves
// @loupe/contracts here). endpoint-schemas.ts, which holds schema values, is left out on purpose.
export * from './constants';
export * from './endpoints';
export * from './http-names';
export * from './paths';
export * from './void-messages';
export * from './documents-messages';
export * from './deal-messages';
export * from './purchase-messages';
export * from './catalogue-messages';
export * from './label-text';
export * from './stock-take-messages';
export * from './stock-analytics-messages';
export * from './books-messages';
export * from './amounts';
export * from './field-rules';
export * from './permissions';
export * from './address';
export type * from './schemas';
export * from './item-attributes';
export * from './retention-messages';
export * from './risk-messages';
export * from './suspicion-messages';
export * from './sanctions-messages';
export * from './mail-messages';
export * from './storefront-messages';
export * from './wants-messages';
export * from './workshop-messages';
export * from './job-documents';
export * from './feeds';
export * from './stock-followers';
export * from './enquiry-messages';
