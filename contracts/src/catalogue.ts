// The shop's catalogue of brands and models (issue 22, item 3). Paths: `endpoints.catalogue`; words and the name
// rule: catalogue-messages.ts. Everyone signed in to the shop reads it; changing it needs can(role,
// 'manageCatalogue') (platinum).
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text } from './common';
import { CATALOGUE_NAME_MAX_LENGTH } from './catalogue-messages';

export const CatalogueModel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Not offered for new items; items that name it keep it. */
  retired: Type.Boolean(),
  /** Items of the shop that name this brand and model (any status): what follows a merge. */
  itemCount: Type.Integer(),
});
export type CatalogueModel = Static<typeof CatalogueModel>;

export const CatalogueBrand = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  retired: Type.Boolean(),
  itemCount: Type.Integer(),
  /** In the order the forms list them (the specification's order for its three brands). */
  models: Type.Array(CatalogueModel),
});
export type CatalogueBrand = Static<typeof CatalogueBrand>;

/** `GET /api/catalogue/`: every brand, retired ones too, by name. */
export const Catalogue = Type.Object({ brands: Type.Array(CatalogueBrand) });
export type Catalogue = Static<typeof Catalogue>;

/** Add a brand, or a model to a brand. */
export const CatalogueEntryCreate = Type.Object(
  { name: Text({ maxLength: CATALOGUE_NAME_MAX_LENGTH * 2 }) },
  { additionalProperties: false },
);
export type CatalogueEntryCreate = Static<typeof CatalogueEntryCreate>;

/** Rename and/or retire (true) or unretire (false) a brand or model; what is left out stays. */
export const CatalogueEntryUpdate = Type.Object(
  {
    name: Type.Optional(Text({ maxLength: CATALOGUE_NAME_MAX_LENGTH * 2 })),
    retired: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CatalogueEntryUpdate = Static<typeof CatalogueEntryUpdate>;

/** Merge the entry of the path into `intoId` (a brand into a brand; a model into a model of the same brand). */
export const CatalogueMerge = Type.Object({ intoId: Id }, { additionalProperties: false });
export type CatalogueMerge = Static<typeof CatalogueMerge>;
