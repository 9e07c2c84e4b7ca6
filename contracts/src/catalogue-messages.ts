// The shop's catalogue of brands and models (issue 22, item 3): the rule for a name and the words both the
// service and the pages use. No TypeBox here: the browser entry (browser.ts) re-exports this file as values.

/** catalogue_brands.name, catalogue_models.name (migration 020): as long as items.brand and items.model. */
export const CATALOGUE_NAME_MAX_LENGTH = 60;

/** What is wrong with a brand or model name as typed (trimmed first), or null. */
export function catalogueNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'This field may not be blank.';
  if (Array.from(trimmed).length > CATALOGUE_NAME_MAX_LENGTH) {
    return `Ensure this field has no more than ${CATALOGUE_NAME_MAX_LENGTH} characters.`;
  }
  return null;
}

export const CATALOGUE_BRAND_TAKEN = (name: string) => `The catalogue already has a brand named "${name}".`;
export const CATALOGUE_MODEL_TAKEN = (brand: string, name: string) =>
  `${brand} already has a model named "${name}".`;
export const CATALOGUE_MERGE_SELF = 'Choose another entry to merge into.';
export const CATALOGUE_MERGE_RETIRED = (name: string) =>
  `"${name}" is retired: unretire it before merging into it.`;
export const CATALOGUE_MODEL_OTHER_BRAND = (brand: string) =>
  `A model merges only into another model of ${brand}.`;
export const CATALOGUE_NOT_ALLOWED = 'Only the shop owner may change the catalogue.';

/** The item form's refusals of a brand or model that is not in the shop's catalogue (or is retired). */
export const UNKNOWN_BRAND = (brand: string) => `"${brand}" is not a brand of the shop's catalogue.`;
export const RETIRED_BRAND = (brand: string) => `${brand} is retired: it is not offered for new items.`;
export const UNKNOWN_MODEL = (brand: string, model: string) => `"${model}" is not a ${brand} model.`;
export const RETIRED_MODEL = (brand: string, model: string) =>
  `${brand} ${model} is retired: it is not offered for new items.`;

/** The merge confirmation: what happens to the items that name the entry merged away. */
export const CATALOGUE_MERGE_CONFIRM = (from: string, into: string, items: number) =>
  `Merge "${from}" into "${into}"? ${items} ${items === 1 ? 'item follows' : 'items follow'} the merge ` +
  `and will read "${into}"; "${from}" leaves the catalogue. This cannot be undone.`;
