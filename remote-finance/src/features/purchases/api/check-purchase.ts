import { endpoints, type PurchaseCheck, type PurchaseCreate } from '@loupe/contracts';
import { api } from '@loupe/platform';
import { useEffect, useState } from 'react';

/**
 * `POST /api/purchases/check/`: the same body as the create, nothing saved → what due diligence would refuse
 * (the seller's identity, a register check) and the AML guard's answer on the cash paid out.
 */
export function checkPurchase(body: PurchaseCreate, signal?: AbortSignal): Promise<PurchaseCheck> {
  return api(endpoints.purchases.check, { body, signal });
}

/**
 * The service's answer for the buy-in as it stands, asked again after a pause in typing whenever the body
 * changes (`null`: not ready to ask). An answer about an older body is never shown over a newer one; a check
 * that fails (the buy-in is still being typed) shows nothing — Confirm says what is wrong.
 */
export function usePurchaseCheck(body: PurchaseCreate | null): PurchaseCheck | null {
  const key = body ? JSON.stringify(body) : null;
  const [answer, setAnswer] = useState<{ key: string; check: PurchaseCheck } | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkPurchase(JSON.parse(key) as PurchaseCreate, controller.signal).then(
        (check) => {
          if (!controller.signal.aborted) setAnswer({ key, check });
        },
        () => undefined,
      );
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return answer && answer.key === key ? answer.check : null;
}
