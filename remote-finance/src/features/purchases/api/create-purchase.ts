import { endpoints, type AmlRefusal } from '@loupe/contracts';
import { amlRefusalOf, apiUpload, errorMessage, useApiMutation } from '@loupe/platform';
import { useState } from 'react';
import { stockNumberText } from '../lib/purchase-labels';
import { readPurchaseErrors } from '../lib/purchase-errors';
import { purchaseBody, type PurchaseErrors, type PurchaseValues } from '../lib/purchase-values';
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

export type BuyInOutcome =
  | { ok: true; purchase: Purchase; message: string }
  | { ok: false; aml: AmlRefusal | null; errors: PurchaseErrors; form: string | null };

const FALLBACK = 'The purchase could not be saved. Please try again.';

/**
 * The buy-in as one step for the screen: the purchase is created, then each register check's certificate is sent
 * to its line. A certificate that fails to upload does not undo the purchase (it is saved, its items numbered):
 * the message says which, and the purchase page takes it again.
 */
export function useBuyIn() {
  const create = useCreatePurchase();
  const [uploading, setUploading] = useState(false);

  async function run(values: PurchaseValues, threshold: number | null): Promise<BuyInOutcome> {
    let purchase: Purchase;
    try {
      purchase = await create.mutateAsync(purchaseBody(values, threshold));
    } catch (error) {
      const aml = amlRefusalOf(error);
      if (aml)
        return { ok: false, aml, errors: readPurchaseErrors(null, values, FALLBACK).errors, form: null };
      return { ok: false, aml: null, ...readPurchaseErrors(error, values, FALLBACK) };
    }
    const failed: string[] = [];
    setUploading(true);
    try {
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
    } finally {
      setUploading(false);
    }
    const numbers = purchase.lines.map((line) => stockNumberText(line.stockNumber)).join(', ');
    const message =
      `Purchase ${purchase.reference} saved: ${numbers} in stock.` +
      (failed.length > 0
        ? ` The certificate could not be attached to ${failed.join('; ')}. Attach it again below.`
        : '');
    return { ok: true, purchase, message };
  }

  return { run, busy: create.isPending || uploading };
}
