import { MARGIN_SCHEME_WORDING, type Deal } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { complianceTestbed } from '../compliance/setup';
import { itemBody } from '../inventory/setup';
import { keep, parsePdf } from '../documents/pdf-support';

// Issue 20: the printed invoice of a deal — several lines, each saying how VAT applies, a part-exchange below the
// goods' total, the payments on the receipt, and the VAT in sterling on an invoice in euros. Read back as text.
const { as } = complianceTestbed();

async function item(browser: Browser, serial: string, cost: string, over: Record<string, unknown> = {}) {
  const response = await browser.post('/api/items/', {
    ...itemBody({ serial, transactions: [{ type: 'cash', amount: cost }] }),
    ...over,
  });
  if (response.statusCode !== 201) throw new Error(`item ${serial}: ${response.body}`);
  return (response.json() as { id: number }).id;
}

async function pdfOf(browser: Browser, invoiceId: number, variant: 'invoice' | 'receipt' = 'invoice') {
  const response = await browser.get(`/api/invoices/${invoiceId}/pdf/?variant=${variant}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

beforeEach(async () => {
  const owner = await as('platinum');
  const saved = await owner.put('/api/shop/settings/', {
    vatNumber: 'GB123456789',
    legalName: 'Loupe Demo Ltd',
  });
  expect(saved.statusCode).toBe(200);
});

it('prints every line of a deal with its VAT wording, the part-exchange and the split payments', async () => {
  const gold = await as('gold');
  const rolex = await item(gold, 'RLX-PDF-1', '6000');
  const omega = await item(gold, 'OMG-PDF-1', '3000', {
    brand: 'Omega',
    model: 'Speedmaster',
    vatScheme: 'standard',
  });
  const client = (
    await gold.post('/api/clients/', { name: 'Ada Lovelace', email: 'ada@example.com' })
  ).json() as {
    id: number;
  };
  const response = await gold.post('/api/deals/', {
    clientId: client.id,
    lines: [
      { kind: 'item', itemId: rolex, price: '8000' },
      { kind: 'item', itemId: omega, price: '4500' },
      { kind: 'other', description: 'Leather strap', price: '120' },
      {
        kind: 'part_exchange',
        price: '2500',
        partExchange: { serial: 'PX-PDF-1', stockType: 'Watches', brand: 'Cartier', model: 'Tank' },
      },
    ],
    payments: [
      { method: 'Cash', amount: '5000' },
      { method: 'Credit Card', amount: '5120' },
    ],
  });
  expect(response.statusCode).toBe(201);
  const deal = response.json() as Deal;
  const bytes = await pdfOf(gold, deal.invoice?.id as number);
  keep('deal-invoice', bytes);
  const { text } = await parsePdf(bytes);
  expect(text).toContain('Ada Lovelace');
  expect(text).toContain('Rolex Submariner');
  expect(text).toContain(MARGIN_SCHEME_WORDING);
  expect(text).toContain('Omega Speedmaster');
  expect(text).toContain('VAT 20% included: £750.00');
  expect(text).toContain('Leather strap');
  expect(text).toContain('VAT 20% included: £20.00');
  expect(text).toContain('Part-exchange allowance: Cartier Tank');
  expect(text).toContain('PX-PDF-1');
  expect(text).toContain('Payment methods Cash, Credit Card');
  expect(text).toMatch(/Total\s+£12,620\.00/);
  expect(text).toMatch(/VAT 20%\s+£770\.00/);
  expect(text).toMatch(/Less part-exchange\s+-£2,500\.00/);
  expect(text).toMatch(/Balance\s+£10,120\.00/);

  const receipt = (await parsePdf(await pdfOf(gold, deal.invoice?.id as number, 'receipt'))).text;
  expect(receipt).toContain('Paid in full');
  expect(receipt).toContain('Paid by Cash on 1 Mar 2026: £5,000.00');
  expect(receipt).toContain('Paid by Credit Card on 1 Mar 2026: £5,120.00');
});

it('prints the VAT in sterling on an invoice in euros', async () => {
  const gold = await as('gold');
  const omega = await item(gold, 'OMG-PDF-EUR', '3000', { vatScheme: 'standard' });
  const deal = (
    await gold.post('/api/deals/', {
      buyerName: 'Visitor From Paris',
      currency: 'EUR',
      exchangeRate: '0.85',
      lines: [{ kind: 'item', itemId: omega, price: '6000' }],
      payments: [{ method: 'Credit Card', amount: '6000', currency: 'EUR', exchangeRate: '0.85' }],
    })
  ).json() as Deal;
  const { text } = await parsePdf(await pdfOf(gold, deal.invoice?.id as number));
  expect(text).toMatch(/VAT 20%\s+€1,000\.00/);
  expect(text).toMatch(/VAT in GBP\s+£850\.00/);
  expect(text).toMatch(/Total in GBP\s+£5,100\.00/);
});

it('prints a credit note of every line when the deal is voided', async () => {
  const gold = await as('gold');
  const rolex = await item(gold, 'RLX-PDF-CN', '6000');
  const deal = (
    await gold.post('/api/deals/', {
      buyerName: 'Walk In',
      lines: [
        { kind: 'item', itemId: rolex, price: '8000' },
        { kind: 'other', description: 'Polish', price: '50', vatRate: 'zero' },
      ],
      payments: [{ method: 'Debit Card', amount: '8050' }],
    })
  ).json() as Deal;
  const voided = (await gold.post(`/api/deals/${deal.id}/void/`, { reason: 'Returned' })).json() as Deal;
  const { text } = await parsePdf(await pdfOf(gold, voided.creditNote?.id as number));
  expect(text).toContain('CREDIT NOTE');
  expect(text).toContain(`This credit note cancels invoice ${deal.invoice?.reference}.`);
  expect(text).toContain('-£8,000.00');
  expect(text).toContain('-£50.00');
  expect(text).toContain('Zero-rated');
  expect(text).toMatch(/Total credited\s+-£8,050\.00/);
});
