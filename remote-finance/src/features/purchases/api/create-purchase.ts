import { endpoints } from '@loupe/contracts';
import { amlRefusalOf, apiUpload, errorMessage, FormFailure, useApiMutation } from '@loupe/platform';
import { stockNumberText } from '../lib/purchase-labels';
import { readPurchaseErrors } from '../lib/purchase-errors';
import { purchaseBody, type PurchaseValues } from '../lib/purchase-values';
import type { Purchase } from './get-purchases';
import { PURCHASE_CHANGES } from './purchase-changes';

/**
 * `POST /api/purchases/` → 201 the purchase, its items in stock with their stock numbers. 400 names the field at
 * fault (`lines[1].registerCheck.checkedOn`); 409 when due diligence is missing or the AML guard refuses the cash
 * paid out.
 */
export const useCreatePurchase = () =>
  useApiMutation(endpoints.purchases.create, {
    call: (body: ReturnType<typeof purchaseBody>) => ({ body }),
    changes: PURCHASE_CHANGES,
  });

/** `POST /api/purchases/{id}/lines/{lineId}/certificate/`: a register check's certificate, once the purchase is saved. */
export function uploadCertificate(purchaseId: number, lineId: number, file: File): Promise<Purchase> {
  return apiUpload(endpoints.purchases.uploadCertificate, { params: { id: purchaseId, lineId }, file });
}

/** A saved buy-in: the purchase, and what the page it opens says of it. */
export interface BuyIn {
  purchase: Purchase;
  message: string;
}

const FALLBACK = 'The purchase could not be saved. Please try again.';

/**
 * The buy-in as one save for the form controller: the purchase is created, then each register check's
 * certificate is sent to its line. A refusal is thrown as the form shows it: the AML guard's 409 as it came (the
 * page shows its own notice), anything else read into the form's fields (a 400's fields, due diligence's missing
 * checks) as a FormFailure. A certificate that fails to upload does not undo the purchase (it is saved, its items
 * numbered): the message says which, and the purchase page takes it again.
 */
export function useBuyIn() {
  const create = useCreatePurchase();

  async function save(values: PurchaseValues, threshold: number | null): Promise<BuyIn> {
    let purchase: Purchase;
    try {
      purchase = await create.mutateAsync(purchaseBody(values, threshold));
    } catch (error) {
      if (amlRefusalOf(error)) throw error;
      throw new FormFailure(readPurchaseErrors(error, values, FALLBACK));
    }
    const failed: string[] = [];
    for (const [index, line] of values.lines.entries()) {
      const saved = purchase.lines[index];
      const file = line.check.certificate;
      if (!saved || !file || !saved.registerCheck) continue;
      try {
        purchase = await uploadCertificate(purchase.id, saved.id, file);
      } catch (error) {
        failed.push(`${stockNumberText(saved.stockNumber)}: ${errorMessage(error, 'the upload failed')}`);
      }
    }
    const numbers = purchase.lines.map((line) => stockNumberText(line.stockNumber)).join(', ');
    const message =
      `Purchase ${purchase.reference} saved: ${numbers} in stock.` +
      (failed.length > 0
        ? ` The certificate could not be attached to ${failed.join('; ')}. Attach it again below.`
        : '');
    return { purchase, message };
  }

  return { save };
}
