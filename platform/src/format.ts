const symbols: Record<string, string> = { GBP: '£', USD: '$', EUR: '€', BTC: '₿' };

/** Money to two decimals with thousands separators, e.g. `£1,234.50` or `-£20.00`. */
export function formatMoney(amount: number | string, currency = 'GBP'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return '';
  const symbol = symbols[currency] ?? `${currency} `;
  const abs = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? '-' : ''}${symbol}${abs}`;
}
