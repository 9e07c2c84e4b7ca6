import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '@loupe/contracts';

/**
 * The payment method this browser last recorded a sale with, so that the next sale starts from it (a shop that
 * takes cards all day does not change Cash to Credit Card every time). Kept in localStorage under this key,
 * per browser rather than per user: it is a till's habit. SPEC's default (Cash) until a sale is made, or when
 * what is stored is not a payment method any more.
 */
export const LAST_PAYMENT_METHOD_KEY = 'loupe.lastPaymentMethod';

export function lastPaymentMethod(): PaymentMethod {
  try {
    const stored = window.localStorage.getItem(LAST_PAYMENT_METHOD_KEY);
    return (PAYMENT_METHODS as readonly string[]).includes(stored ?? '')
      ? (stored as PaymentMethod)
      : DEFAULT_PAYMENT_METHOD;
  } catch {
    // Storage refused (a private window, a policy): the default, as on a first sale.
    return DEFAULT_PAYMENT_METHOD;
  }
}

export function rememberPaymentMethod(method: PaymentMethod): void {
  try {
    window.localStorage.setItem(LAST_PAYMENT_METHOD_KEY, method);
  } catch {
    // Not remembered: the next sale starts from Cash again, which is still correct.
  }
}
