import { Type, type Static } from '@sinclair/typebox';
import { Choice, ChoiceList, Text } from './common';
import { ITEM_STATUSES, STOCK_TYPES } from './constants';
import { LABEL_SIZES } from './label-text';
import { ItemQuery } from './inventory';

export * from './label-text';

/*
 * Stock labels (issue 14): `GET /api/labels/pdf/` → application/pdf (inline, "labels.pdf"), any member of the
 * shop. Each label holds the QR code of the item's serial (the code's text is exactly the serial, error
 * correction M), the serial, brand and model, and the price text of labelPriceText (label-text.ts) under the
 * shop's label setting.
 *
 * Which items: `ids` (a comma list of up to LABELS_MAX_ITEMS item ids of the shop, printed in the order
 * given; an id that is not the shop's is a 404 naming them), or without ids the items list's filters
 * (stock_type, status, brand, model, search: as `GET /api/items/`), newest first, at most LABELS_MAX_ITEMS
 * (400 asking to narrow the filters beyond). No item at all is a 400.
 *
 * Sizes: 'tag' — one label per page, 60 × 30 mm, the common jeweller's barbell / swing tag that label
 * printers (Zebra, Brother, DYMO) take as a roll; 'a4' — A4 sheets of 3 × 8 labels of 63.5 × 33.9 mm (the
 * Avery L7159 / L7160 family of 24 per sheet), as many sheets as needed.
 */

export const LabelQuery = Type.Object(
  {
    /** Comma-separated item ids, e.g. "1,2,3". */
    ids: Type.Optional(Text({ maxLength: 6000 })),
    size: Type.Optional(Choice(LABEL_SIZES, { default: 'a4' })),
    stock_type: Type.Optional(Choice(STOCK_TYPES)),
    status: Type.Optional(ChoiceList(ITEM_STATUSES)),
    brand: Type.Optional(Text({ maxLength: 60 })),
    model: Type.Optional(Text({ maxLength: 60 })),
    search: Type.Optional(Text({ maxLength: 100 })),
    // Issue 22: the attribute filters, so a filtered list's labels are the list's items.
    reference: ItemQuery.properties.reference,
    condition_grade: ItemQuery.properties.condition_grade,
    box: ItemQuery.properties.box,
    papers: ItemQuery.properties.papers,
    metal: ItemQuery.properties.metal,
  },
  { additionalProperties: false },
);
export type LabelQuery = Static<typeof LabelQuery>;
