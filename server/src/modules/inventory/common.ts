import type { Item } from '@loupe/contracts';
import { ApiError, TOO_LARGE, fieldErrors } from '../../kernel/http-errors';
import { isNumericOutOfRange, isUniqueViolation } from '../../kernel/db-errors';

export const SERIAL_TAKEN = 'An item with this serial already exists.';

/** What the audit log keeps of an item: its fields without the derived or joined parts. */
export function auditView(item: Item) {
  // The version is bookkeeping of the row (migration 012), not a change a person made.
  const {
    images: _images,
    imageId: _imageId,
    listingPrice: _listing,
    version: _version,
    // Moves with the calendar, not with an edit (issue 14).
    daysInStock: _daysInStock,
    checkout,
    ...rest
  } = item;
  return { ...rest, checkout: checkout && { clientId: checkout.clientId, dueDate: checkout.dueDate } };
}

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
  if (isNumericOutOfRange(error)) {
    throw new ApiError(400, { [tooLarge.field]: [tooLarge.message] });
  }
  throw error;
}

/**
 * The database's refusals a client can cause in a workflow that adds stock items through its lines (a purchase's
 * intake, a deal's part-exchange), as DRF answers: a serial taken by a concurrent add (the unique constraint
 * decides the race) at `lines`, and a value beyond its money column (`tooLarge`). Any other error comes back as
 * it was, for the caller to throw.
 */
export function linesWriteRefusal(error: unknown, tooLarge: Record<string, string[]> = TOO_LARGE): unknown {
  if (
    isUniqueViolation(error) &&
    (error as { constraint?: unknown }).constraint === 'items_shop_serial_key'
  ) {
    return fieldErrors({ lines: [SERIAL_TAKEN] });
  }
  if (isNumericOutOfRange(error)) return new ApiError(400, tooLarge);
  return error;
}
