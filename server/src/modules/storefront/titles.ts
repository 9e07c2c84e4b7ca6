/** What the public calls an item: brand, model and reference ("Rolex Submariner Date 126610LN"). */
export function offerTitle(item: {
  brand: string;
  model: string;
  referenceNumber: string;
  stockType: string;
  stockNumber: number;
}): string {
  const words = [item.brand, item.model, item.referenceNumber].map((w) => w.trim()).filter(Boolean);
  if (words.length > 0) return words.join(' ');
  // No maker or model on record: the kind of piece and its stock number, never the serial.
  const kind =
    item.stockType === 'Watches' ? 'Watch' : item.stockType === 'Jewellery' ? 'Jewellery' : 'Accessory';
  return `${kind} ${item.stockNumber}`;
}
