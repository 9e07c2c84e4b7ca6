import { Type } from '@sinclair/typebox';
import type { Item } from '@loupe/contracts';
import { ApiError, notFound } from '../../kernel/http-errors';
import { isUniqueViolation } from '../../kernel/db-errors';

const MAX_INT4 = 2_147_483_647;

/** Like Django's <int:pk> converter: anything else is not this URL at all (404). */
export const idPattern = (path: string) =>
  path.replace(':id/', ':id(^\\d+)/').replace(':imageId/', ':imageId(^\\d+)/');
export const ItemParams = Type.Object({ id: Type.String() });
export const ImageParams = Type.Object({ id: Type.String(), imageId: Type.String() });

/** A path id that no row can have (beyond integer) is simply not found. */
export function pathId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw notFound();
  return id;
}

export const SERIAL_TAKEN = 'An item with this serial already exists.';

/** What the audit log keeps of an item: its fields without the derived or joined parts. */
export function auditView(item: Item) {
  const { images: _images, imageId: _imageId, listingPrice: _listing, checkout, ...rest } = item;
  return { ...rest, checkout: checkout && { clientId: checkout.clientId, dueDate: checkout.dueDate } };
}

const NUMERIC_OUT_OF_RANGE = '22003';

/**
 * Database refusals a client can cause, turned into DRF answers: the serial taken by a concurrent add or
 * edit (the unique constraint decides the race), and sums too large for the money columns.
 */
export function translateWriteError(error: unknown, tooLarge: { field: string; message: string }): never {
  if (isUniqueViolation(error)) {
    const constraint = (error as { constraint?: unknown }).constraint;
    if (constraint === undefined || constraint === 'items_shop_serial_key') {
      throw new ApiError(400, { serial: [SERIAL_TAKEN] });
    }
  }
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === NUMERIC_OUT_OF_RANGE
  ) {
    throw new ApiError(400, { [tooLarge.field]: [tooLarge.message] });
  }
  throw error;
}
