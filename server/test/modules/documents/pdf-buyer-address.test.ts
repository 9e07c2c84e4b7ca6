import type { Deal, Invoice, InvoiceList, Item } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { complianceTestbed } from '../compliance/setup';
import { itemBody } from '../inventory/setup';
import { keep, parsePdf } from './pdf-support';

// Issue 22, item 4: the buyer's postal address under the buyer's name on every invoice, credit note and approval
// note. An invoice keeps the address the client had when it was issued (its buyer snapshot), so a later move does
// not rewrite it, and its credit note copies that snapshot; an approval note prints the client as they are now.
const { as } = complianceTestbed();

const ADDRESS = {
  addressLine1: '12 Hatton Garden',
  addressLine2: 'Second floor',
  town: 'London',
  postcode: 'ec1n 8ax',
};

async function newClient(browser: Browser, body: Record<string, unknown>): Promise<number> {
  const response = await browser.post('/api/clients/', { email: 'ada@example.com', ...body });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

async function newItem(browser: Browser, serial: string): Promise<number> {
  const response = await browser.post('/api/items/', itemBody({ serial, retailPrice: '9000' }));
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

async function pdfText(browser: Browser, url: string, name?: string): Promise<string> {
  const response = await browser.get(url);
  expect(response.statusCode).toBe(200);
  if (name) keep(name, response.rawPayload);
  return (await parsePdf(response.rawPayload)).text;
}

const invoicePdf = (id: number) => `/api/invoices/${id}/pdf/`;

it('prints the address on the invoice and its credit note as it was at the sale, after the client moves', async () => {
  const gold = await as('gold');
  const ada = await newClient(gold, { name: 'Ada Lovelace', ...ADDRESS });
  const itemId = await newItem(gold, 'RLX-ADDR-1');
  const sold = await gold.post(`/api/items/${itemId}/sell/`, {
    price: '9000',
    clientId: ada,
    paymentMethod: 'Bank Transfer',
  });
  expect(sold.statusCode).toBe(200);
  const invoiceId = ((sold.json() as Item).sale?.invoice as { id: number }).id;

  const issued = await pdfText(gold, invoicePdf(invoiceId), 'invoice-with-address.pdf');
  expect(issued).toMatch(/Ada Lovelace 12 Hatton Garden Second floor London EC1N 8AX/);
  const json = (await gold.get(`/api/invoices/${invoiceId}/`)).json() as Invoice;
  expect(json.buyer.address).toBe('12 Hatton Garden\nSecond floor\nLondon\nEC1N 8AX');

  // The client moves abroad: the issued invoice keeps the address it was issued with.
  const moved = await gold.put(`/api/clients/${ada}/`, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    version: 1,
    addressLine1: '8 Rue de la Paix',
    addressLine2: '',
    town: 'Paris',
    postcode: '75002',
    country: 'France',
  });
  expect(moved.statusCode).toBe(200);
  const after = await pdfText(gold, invoicePdf(invoiceId));
  expect(after).toContain('12 Hatton Garden');
  expect(after).toContain('EC1N 8AX');
  expect(after).not.toContain('Rue de la Paix');

  // Voiding the sale issues a credit note with the invoice's buyer, address included.
  const voided = await gold.post(`/api/items/${itemId}/void-sale/`, { reason: 'Sold to the wrong client' });
  expect(voided.statusCode).toBe(200);
  const notes = (await gold.get('/api/invoices/?kind=credit_note')).json() as InvoiceList;
  const noteId = notes.results[0]?.id as number;
  const credit = await pdfText(gold, invoicePdf(noteId), 'credit-note-with-address.pdf');
  expect(credit).toContain('Credit to');
  expect(credit).toMatch(/Ada Lovelace 12 Hatton Garden Second floor London EC1N 8AX/);

  // A new sale to her prints where she lives now, the country last.
  const second = await newItem(gold, 'RLX-ADDR-2');
  const again = (
    await gold.post(`/api/items/${second}/sell/`, {
      price: '9000',
      clientId: ada,
      paymentMethod: 'Bank Transfer',
    })
  ).json() as Item;
  const now = await pdfText(gold, invoicePdf((again.sale?.invoice as { id: number }).id));
  expect(now).toMatch(/Ada Lovelace 8 Rue de la Paix Paris 75002 France/);
});

it('prints the address on a deal invoice, and nothing more for a walk-in or a client with none', async () => {
  const gold = await as('gold');
  const withAddress = await newClient(gold, {
    name: 'Thomas Fairbairn',
    addressLine1: '17 Heriot Row',
    town: 'Edinburgh',
    postcode: 'EH3 6HP',
  });
  const deal = (
    await gold.post('/api/deals/', {
      clientId: withAddress,
      lines: [{ kind: 'item', itemId: await newItem(gold, 'DEAL-ADDR-1'), price: '9000' }],
      payments: [{ method: 'Bank Transfer', amount: '9000' }],
    })
  ).json() as Deal;
  const text = await pdfText(gold, invoicePdf(deal.invoice?.id as number));
  expect(text).toMatch(/Thomas Fairbairn 17 Heriot Row Edinburgh EH3 6HP/);
  expect(text).not.toContain('United Kingdom');

  const without = await newClient(gold, { name: 'Brook Taylor', email: 'brook@example.com' });
  for (const buyer of [{ clientId: without }, { buyerName: 'Visitor' }]) {
    const plain = (
      await gold.post('/api/deals/', {
        ...buyer,
        lines: [{ kind: 'other', description: 'Strap', price: '120' }],
        payments: [{ method: 'Cash', amount: '120' }],
      })
    ).json() as Deal;
    const invoice = (await gold.get(`/api/invoices/${plain.invoice?.id}/`)).json() as Invoice;
    expect(invoice.buyer.address).toBe('');
  }
});

it('prints the client\u2019s address on the approval note', async () => {
  const gold = await as('gold');
  const client = await newClient(gold, {
    name: 'Sofia Marchetti',
    addressLine1: 'Via Monte Napoleone 8',
    town: 'Milano',
    postcode: '20121',
    country: 'Italy',
  });
  const itemId = await newItem(gold, 'CRT-ADDR-1');
  const out = await gold.post(`/api/items/${itemId}/check-out/`, { clientId: client });
  expect(out.statusCode).toBe(200);
  const checkoutId = (out.json() as { checkout: { id: number } }).checkout.id;
  const text = await pdfText(
    gold,
    `/api/checkouts/${checkoutId}/approval-note/`,
    'approval-with-address.pdf',
  );
  expect(text).toMatch(/Sofia Marchetti Via Monte Napoleone 8 Milano 20121 Italy/);
});
