import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from '../inventory/setup';
import { addLogo, keep, parsePdf } from './pdf-support';

/** Approval (memo) notes: the check-out's agreed price, the client's list of check-outs, the note's PDF. */
const { state, as, client } = inventoryTestbed();

interface CheckedOut {
  id: number;
  checkout: { id: number; agreedPrice: number | null; dueDate: string | null } | null;
}

async function addItem(browser: Browser, over: Record<string, unknown> = {}): Promise<number> {
  const response = await browser.post(
    '/api/items/',
    itemBody({
      serial: 'CRT-PAN-7731',
      brand: 'Cartier',
      model: 'Panthère',
      description: 'Small model, steel, 2019',
      retailPrice: '12500',
      ...over,
    }),
  );
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function checkOut(
  browser: Browser,
  itemId: number,
  body: Record<string, unknown>,
): Promise<CheckedOut> {
  const response = await browser.post(`/api/items/${itemId}/check-out/`, body);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const noteUrl = (id: number) => `/api/checkouts/${id}/approval-note/`;

describe('checking out on approval', () => {
  it('records the agreed price: given, the retail price by default, or none', async () => {
    const browser = await as('silver');
    const clientId = await client('Lucía Domínguez');
    const given = await checkOut(browser, await addItem(browser, { serial: 'A-1' }), {
      clientId,
      agreedPrice: '11000.50',
    });
    expect(given.checkout?.agreedPrice).toBe(11000.5);
    const byDefault = await checkOut(browser, await addItem(browser, { serial: 'A-2' }), { clientId });
    expect(byDefault.checkout?.agreedPrice).toBe(12500);
    const none = await checkOut(browser, await addItem(browser, { serial: 'A-3' }), {
      clientId,
      agreedPrice: null,
    });
    expect(none.checkout?.agreedPrice).toBeNull();
    const zero = await checkOut(browser, await addItem(browser, { serial: 'A-4' }), {
      clientId,
      agreedPrice: 0,
    });
    expect(zero.checkout?.agreedPrice).toBe(0);
  });

  it('refuses a negative agreed price or one with more than 2 decimals', async () => {
    const browser = await as('silver');
    const clientId = await client('Ada');
    const itemId = await addItem(browser);
    const negative = await browser.post(`/api/items/${itemId}/check-out/`, { clientId, agreedPrice: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({ agreedPrice: ['Ensure this value is greater than or equal to 0.'] });
    const fine = await browser.post(`/api/items/${itemId}/check-out/`, { clientId, agreedPrice: '10.125' });
    expect(fine.json()).toEqual({ agreedPrice: ['Ensure that there are no more than 2 decimal places.'] });
    const count = await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM checkouts');
    expect(count[0]?.n).toBe(0);
  });
});

describe('GET /api/clients/{id}/checkouts/', () => {
  it("lists the client's check-outs newest first, open and ended, and 404s another shop's client", async () => {
    const browser = await as('silver');
    const clientId = await client('Lucía Domínguez');
    const first = await addItem(browser, { serial: 'OLD-1' });
    const firstOut = await checkOut(browser, first, { clientId, dueDate: '2026-03-10' });
    state.clock.advance(60_000);
    expect((await browser.post(`/api/items/${first}/return/`, {})).statusCode).toBe(200);
    state.clock.advance(60_000);
    const second = await checkOut(browser, await addItem(browser, { serial: 'NEW-2' }), { clientId });
    const response = await browser.get(`/api/clients/${clientId}/checkouts/`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.count).toBe(2);
    expect(list.results.map((c: { id: number }) => c.id)).toEqual([
      second.checkout?.id,
      firstOut.checkout?.id,
    ]);
    expect(list.results[0]).toMatchObject({
      serial: 'NEW-2',
      brand: 'Cartier',
      model: 'Panthère',
      stockType: 'Watches',
      agreedPrice: 12500,
      dueDate: null,
      endedAt: null,
      outcome: null,
    });
    expect(list.results[1]).toMatchObject({ serial: 'OLD-1', dueDate: '2026-03-10', outcome: 'returned' });
    expect(list.results[1].endedAt).toEqual(expect.any(String));

    const theirs = await client('Rival client', 'other');
    expect((await browser.get(`/api/clients/${theirs}/checkouts/`)).statusCode).toBe(404);
    expect((await (await as('anonymous')).get(`/api/clients/${clientId}/checkouts/`)).statusCode).toBe(401);
  });
});

describe('GET /api/checkouts/{id}/approval-note/', () => {
  it('prints the shop, client, item, agreed price, dates, default terms and both signature lines', async () => {
    const browser = await as('silver');
    const clientId = await client('Lucía Domínguez');
    await state.db.query("UPDATE clients SET phone = '+44 7700 900123' WHERE id = $1", [clientId]);
    const out = await checkOut(browser, await addItem(browser), {
      clientId,
      dueDate: '2026-03-15',
      agreedPrice: '11000.50',
    });
    const id = out.checkout?.id as number;
    const response = await browser.get(noteUrl(id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="approval-${id}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    keep('approval-note.pdf', response.rawPayload);
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    const text = pdf.text;
    expect(text).toContain('Approval note');
    expect(text).toContain('Loupe Demo');
    expect(text).toContain('Lucía Domínguez');
    expect(text).toContain('lucía domínguez@example.com');
    expect(text).toContain('+44 7700 900123');
    expect(text).toContain('Cartier');
    expect(text).toContain('Panthère');
    expect(text).toContain('CRT-PAN-7731');
    expect(text).toContain('Watches');
    expect(text).toContain('Small model, steel, 2019');
    expect(text).toContain('Agreed price £11,000.50');
    expect(text).toContain('Checked out 1 Mar 2026');
    expect(text).toContain('Due back 15 Mar 2026');
    expect(text).toContain('lent to the client on approval and remains the property of Loupe Demo');
    expect(text).toContain('Client signature');
    expect(text).toContain('For Loupe Demo');
    expect(pdf.standardFont).toBe(false);
  });

  it("prints the shop's own terms, details and logo, and 'To be agreed' without a price", async () => {
    const browser = await as('gold');
    const clientId = await client('Ada');
    const out = await checkOut(browser, await addItem(browser), { clientId, agreedPrice: null });
    await addLogo(state);
    await state.db.query(
      `INSERT INTO shop_settings (shop_id, trading_name, legal_name, address, approval_terms, invoice_footer)
       VALUES ($1, 'Panthère & Fils', 'Panthère Holdings Ltd', '1 Hatton Garden
London EC1N 8AA', 'Return within 7 days, insured by the client.',
               'Goods remain the property of Panthère & Fils until paid in full.')`,
      [state.fx.shopId],
    );
    const response = await browser.get(noteUrl(out.checkout?.id as number));
    expect(response.statusCode).toBe(200);
    const text = (await parsePdf(response.rawPayload)).text;
    expect(text).toContain('Panthère & Fils');
    expect(text).toContain('Panthère Holdings Ltd');
    expect(text).toContain('1 Hatton Garden');
    expect(text).toContain('Agreed price To be agreed');
    expect(text).toContain('Return within 7 days, insured by the client.');
    expect(text).not.toContain('lent to the client on approval');
    expect(text).toContain('For Panthère & Fils');
    expect(text).toContain('Due back Not set');
    // The invoice footer is a term of a sale, printed on invoices only (issue 21).
    expect(text).not.toContain('Goods remain the property');
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it("is a 404 for another shop's check-out, and a 401 signed out", async () => {
    const browser = await as('silver');
    const clientId = await client('Ada');
    const out = await checkOut(browser, await addItem(browser), { clientId });
    const id = out.checkout?.id as number;
    expect((await (await as('rival')).get(noteUrl(id))).statusCode).toBe(404);
    expect((await browser.get(noteUrl(id + 1000))).statusCode).toBe(404);
    expect((await (await as('anonymous')).get(noteUrl(id))).statusCode).toBe(401);
    // Any member of the shop may print it.
    expect((await (await as('platinum')).get(noteUrl(id))).statusCode).toBe(200);
  });
});
