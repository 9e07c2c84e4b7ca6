import type { AuditEventList, WantList, WantMatchEmail, WantMatchSent } from '@loupe/contracts';
import { startSmtp } from '../mail/smtp-support';
import { wantsTestbed } from './setup';

// Issue 24 item 5, the staff's side: wants per client, the matches, the prepared e-mail sent through the mail
// module (a real local SMTP server, or the outbox without one) and recorded on the client's history, dismissal,
// shop isolation and who may do what. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
const { state, as, rebuild, client, item, want, matches, eventually, rows } = wantsTestbed();

/** A client who wants a Rolex Submariner up to £13,000 and the item that matched it: the open match's id. */
async function openMatch(options: { noEmail?: boolean; itemOver?: Record<string, unknown> } = {}) {
  const gold = await as('gold');
  const ada = await client(gold, 'Ada Lovelace');
  // A client on file without an address (the form asks for one; records from before it, or imported, may lack it).
  if (options.noEmail) await state.db.query("UPDATE clients SET email = '' WHERE id = $1", [ada]);
  const itemId = await item(gold, {
    referenceNumber: '126610LN',
    year: 2021,
    conditionGrade: 'excellent',
    ...options.itemOver,
  });
  const saved = await want(gold, ada, { brand: 'Rolex', model: 'Submariner', maxPrice: '13000' });
  expect(saved.newMatches).toBe(1);
  const [match] = await matches(gold, `/api/clients/${ada}/want-matches/`);
  return { gold, ada, itemId, wantId: saved.id, matchId: match!.id };
}

async function shopDetails() {
  await state.db.query(
    `INSERT INTO shop_settings (shop_id, trading_name, legal_name, address, phone, email)
     VALUES ($1, 'Hart & Sons', 'Hart & Sons Ltd', E'14 Hatton Garden\\nLondon EC1N 8AA', '020 7946 0000',
             'hello@hart.example')`,
    [state.fx.shopId],
  );
}

/** The item listed on the shop's open storefront (the storefront module's tables, as its staff API writes them). */
async function listOnline(itemId: number, priceOnRequest = false) {
  await state.db.query(
    `INSERT INTO storefronts (shop_id, slug, enabled, created_at, updated_at) VALUES ($1, 'hart', true, now(), now())
     ON CONFLICT (shop_id) DO NOTHING`,
    [state.fx.shopId],
  );
  await state.db.query(
    `INSERT INTO storefront_listings (item_id, shop_id, listed, price_on_request, listed_at, updated_at)
     VALUES ($1, $2, true, $3, now(), now())`,
    [itemId, state.fx.shopId, priceOnRequest],
  );
}

describe('wants', () => {
  it('are added, listed, changed and deleted by any member, with field errors and the trail', async () => {
    const silver = await as('silver');
    const ada = await client(silver, 'Ada Lovelace');
    const created = await silver.post(`/api/clients/${ada}/wants/`, {
      brand: 'Rolex',
      model: 'Daytona',
      reference: '116500 LN',
      yearFrom: 2016,
      yearTo: 2023,
      conditionGrade: 'very_good',
      maxPrice: '25000.00',
      notes: 'For his 50th birthday',
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json() as { id: number };
    expect(saved).toMatchObject({
      clientId: ada,
      clientName: 'Ada Lovelace',
      brand: 'Rolex',
      model: 'Daytona',
      reference: '116500 LN',
      yearFrom: 2016,
      yearTo: 2023,
      conditionGrade: 'very_good',
      maxPrice: 25000,
      notes: 'For his 50th birthday',
      active: true,
      summary: 'Rolex Daytona 116500 LN, 2016\u20132023, Very good or better, up to £25,000.00',
      openMatches: 0,
      newMatches: 0,
    });

    const bad = await silver.post(`/api/clients/${ada}/wants/`, {
      brand: 'Rollex',
      yearFrom: 2020,
      yearTo: 2010,
      maxPrice: '12.345',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json() as object).sort()).toEqual(['brand', 'maxPrice', 'yearTo']);
    expect((bad.json() as Record<string, string[]>).yearTo).toEqual([
      'The first year must not be after the last.',
    ]);
    const noBrand = await silver.post(`/api/clients/${ada}/wants/`, { brand: ' ' });
    expect(noBrand.json()).toEqual({ brand: ['Choose the brand the client wants.'] });
    const unknownModel = await silver.post(`/api/clients/${ada}/wants/`, {
      brand: 'Rolex',
      model: 'Nautilus',
    });
    expect(Object.keys(unknownModel.json() as object)).toEqual(['model']);

    const changed = await silver.put(`/api/wants/${saved.id}/`, { brand: 'Omega', active: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      brand: 'Omega',
      model: '',
      yearFrom: null,
      maxPrice: null,
      active: false,
    });

    await want(silver, ada, { brand: 'Cartier' });
    const list = (await silver.get(`/api/clients/${ada}/wants/`)).json() as WantList;
    expect(list.count).toBe(2);
    expect(list.results.map((w) => w.brand)).toEqual(['Cartier', 'Omega']);
    const inactive = (await silver.get(`/api/clients/${ada}/wants/?active=false`)).json() as WantList;
    expect(inactive.results.map((w) => w.id)).toEqual([saved.id]);
    const paged = (await silver.get(`/api/clients/${ada}/wants/?page_size=10&page=2`)).statusCode;
    expect(paged).toBe(404);

    expect((await silver.send('DELETE', `/api/wants/${saved.id}/`)).statusCode).toBe(204);
    expect((await silver.send('DELETE', `/api/wants/${saved.id}/`)).statusCode).toBe(404);

    // On the client's history, in words, without the notes.
    const history = (await silver.get(`/api/clients/${ada}/history/`)).json() as AuditEventList;
    const wantEntries = history.results.filter((e) => e.entity === 'want');
    expect(wantEntries.map((e) => e.action)).toEqual(['delete', 'create', 'update', 'create']);
    expect(JSON.stringify(wantEntries)).not.toContain('50th birthday');
  });

  it('belong to the shop: another shop sees none of them, and a client of another shop takes none', async () => {
    const { ada, matchId, wantId, itemId } = await openMatch();
    const rival = await as('rival');
    expect((await rival.get(`/api/clients/${ada}/wants/`)).statusCode).toBe(404);
    expect((await rival.post(`/api/clients/${ada}/wants/`, { brand: 'Rolex' })).statusCode).toBe(404);
    expect((await rival.put(`/api/wants/${wantId}/`, { brand: 'Rolex' })).statusCode).toBe(404);
    expect((await rival.send('DELETE', `/api/wants/${wantId}/`)).statusCode).toBe(404);
    expect((await rival.get(`/api/wants/matches/${matchId}/email/`)).statusCode).toBe(404);
    expect((await rival.post(`/api/wants/matches/${matchId}/email/`, {})).statusCode).toBe(404);
    expect((await rival.post(`/api/wants/matches/${matchId}/dismiss/`)).statusCode).toBe(404);
    expect((await rival.get(`/api/items/${itemId}/want-matches/`)).statusCode).toBe(404);
    expect((await rival.get(`/api/clients/${ada}/want-matches/`)).statusCode).toBe(404);
    expect(await matches(rival, '/api/wants/matches/?status=all')).toEqual([]);
    // A Rolex of the other shop is no match for this shop's client.
    const theirs = await rival.post('/api/items/', {
      serial: 'RIV-1',
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Submariner',
      retailPrice: '9000',
    });
    expect(theirs.statusCode).toBe(201);
    const mine = await item(await as('gold'), { model: 'Submariner', retailPrice: '9000' });
    const seen = await eventually(rows, (r) => r.some((m) => m.item_id === mine));
    expect(seen.map((r) => r.item_id).sort()).toEqual([itemId, mine].sort());
  });

  it('need a signed-in member', async () => {
    const { ada, matchId } = await openMatch();
    const anonymous = await as('anonymous');
    expect((await anonymous.get(`/api/clients/${ada}/wants/`)).statusCode).toBe(401);
    expect((await anonymous.get('/api/wants/matches/')).statusCode).toBe(401);
    expect((await anonymous.post(`/api/wants/matches/${matchId}/dismiss/`)).statusCode).toBe(401);
    const loner = await as('loner');
    expect((await loner.get('/api/wants/matches/')).statusCode).toBe(403);
  });
});

describe('the prepared e-mail', () => {
  it('names the piece, its price and the storefront page when the item is online', async () => {
    await shopDetails();
    const { gold, matchId, itemId } = await openMatch();
    const offline = (await gold.get(`/api/wants/matches/${matchId}/email/`)).json() as WantMatchEmail;
    expect(offline).toEqual({
      to: { name: 'Ada Lovelace', address: 'ada@example.org' },
      subject: 'The Rolex Submariner 126610LN you were looking for',
      text: [
        'Dear Ada Lovelace,',
        '',
        'You asked us to let you know when we had a Rolex Submariner, up to £13,000.00. We now have one in stock:',
        '',
        '  Rolex Submariner 126610LN',
        '  Reference: 126610LN',
        '  Year: 2021',
        '  Condition: Excellent',
        '  Price: £12,500.00',
        '',
        'If you would like to see it, reserve it or ask us anything about it, simply reply to this e-mail.',
        '',
        'Kind regards,',
        'Hart & Sons',
      ].join('\n'),
      storefrontUrl: null,
      problem: null,
    });

    await listOnline(itemId);
    const online = (await gold.get(`/api/wants/matches/${matchId}/email/`)).json() as WantMatchEmail;
    expect(online.storefrontUrl).toMatch(
      new RegExp(`^https?://[^/]+/store/hart/items/${itemId}-rolex-submariner-126610ln$`),
    );
    expect(online.text).toContain(`You can see it online: ${online.storefrontUrl}`);
  });

  it('says "Price on request" when the storefront asks it so, and why it cannot be sent without an address', async () => {
    const { gold, matchId, itemId } = await openMatch({ noEmail: true });
    await listOnline(itemId, true);
    const draft = (await gold.get(`/api/wants/matches/${matchId}/email/`)).json() as WantMatchEmail;
    expect(draft.text).toContain('  Price: Price on request');
    expect(draft.text).not.toContain('£12,500.00');
    expect(draft.problem).toBe(
      'This client has no e-mail address. Add one to the client, then send the e-mail.',
    );
    const send = await gold.post(`/api/wants/matches/${matchId}/email/`, {});
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ detail: draft.problem });
    expect((await rows())[0]?.status).toBe('open');
  });
});

describe('sending the e-mail', () => {
  it('is refused while there is no address to send from, the match left open', async () => {
    const { gold, matchId } = await openMatch();
    const draft = (await gold.get(`/api/wants/matches/${matchId}/email/`)).json() as WantMatchEmail;
    expect(draft.problem).toBe(
      "Not sent: there is no sender address. Set MAIL_FROM on the server or the shop's e-mail in Shop Settings.",
    );
    const send = await gold.post(`/api/wants/matches/${matchId}/email/`);
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ detail: draft.problem });
    expect((await rows()).map((r) => r.status)).toEqual(['open']);
    const outbox = await state.db.query('SELECT id FROM mail_outbox');
    expect(outbox).toEqual([]);
  });

  it('delivers it through SMTP, marks the match e-mailed and puts it on the client\u2019s history', async () => {
    await shopDetails();
    const smtp = await startSmtp();
    try {
      await rebuild({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@hart.example' });
      const { gold, ada, matchId, itemId } = await openMatch();
      const sent = await gold.post(`/api/wants/matches/${matchId}/email/`, {
        subject: 'Your Submariner is here',
      });
      expect(sent.statusCode).toBe(200);
      const body = sent.json() as WantMatchSent;
      expect(body.mail).toMatchObject({ status: 'sent', lastError: '' });
      expect(body.match).toMatchObject({ id: matchId, status: 'emailed', mailId: body.mail.id });
      expect(body.match.emailedAt).not.toBeNull();

      expect(smtp.received).toHaveLength(1);
      const [{ mail, envelopeTo }] = smtp.received as [(typeof smtp.received)[number]];
      expect(envelopeTo).toEqual(['ada@example.org']);
      expect(mail.subject).toBe('Your Submariner is here');
      expect(mail.text).toContain('  Rolex Submariner 126610LN\n  Reference: 126610LN\n  Year: 2021');
      expect(mail.text).toContain('Hart & Sons Ltd');

      // Once only.
      const again = await gold.post(`/api/wants/matches/${matchId}/email/`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'This match was e-mailed already.' });
      expect(smtp.received).toHaveLength(1);

      expect(await matches(gold, '/api/wants/matches/')).toEqual([]);
      expect((await matches(gold, '/api/wants/matches/?status=emailed')).map((m) => m.id)).toEqual([matchId]);
      const history = (await gold.get(`/api/clients/${ada}/history/`)).json() as AuditEventList;
      const entry = history.results.find((e) => e.action === 'email_match');
      expect(entry).toMatchObject({ entity: 'want_match', entityId: matchId });
      expect(entry?.summary).toContain('Match e-mailed to the client');
      const onItem = (await gold.get(`/api/items/${itemId}/history/`)).json() as AuditEventList;
      expect(onItem.results.some((e) => e.action === 'email_match')).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('keeps it in the outbox when no SMTP server is configured, the match e-mailed all the same', async () => {
    await shopDetails();
    const { gold, matchId } = await openMatch();
    const sent = await gold.post(`/api/wants/matches/${matchId}/email/`, {});
    expect(sent.statusCode).toBe(200);
    const body = sent.json() as WantMatchSent;
    expect(body.mail.status).toBe('outbox_only');
    expect(body.match.status).toBe('emailed');
    const outbox = await state.db.query<{ related_kind: string; related_id: string; subject: string }>(
      'SELECT related_kind, related_id::text AS related_id, subject FROM mail_outbox',
    );
    expect(outbox).toEqual([
      {
        related_kind: 'want_match',
        related_id: String(matchId),
        subject: 'The Rolex Submariner 126610LN you were looking for',
      },
    ]);
  });

  it('sends one e-mail when two members press Send at once', async () => {
    await shopDetails();
    const { gold, matchId } = await openMatch();
    const silver = await as('silver');
    const answers = await Promise.all([
      gold.post(`/api/wants/matches/${matchId}/email/`, {}),
      silver.post(`/api/wants/matches/${matchId}/email/`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const outbox = await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    expect(outbox[0]?.n).toBe(1);
  });
});

describe('dismissing a match', () => {
  it('closes it without telling the client, once', async () => {
    const { gold, matchId, ada } = await openMatch();
    const dismissed = await gold.post(`/api/wants/matches/${matchId}/dismiss/`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ id: matchId, status: 'dismissed' });
    const again = await gold.post(`/api/wants/matches/${matchId}/dismiss/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Only an open match can be dismissed.' });
    const send = await gold.post(`/api/wants/matches/${matchId}/email/`, {});
    expect(send.json()).toEqual({ detail: 'This match was dismissed.' });
    expect(await matches(gold, '/api/wants/matches/')).toEqual([]);
    expect((await matches(gold, '/api/wants/matches/?status=dismissed')).map((m) => m.id)).toEqual([matchId]);
    const history = (await gold.get(`/api/clients/${ada}/history/`)).json() as AuditEventList;
    expect(history.results.some((e) => e.action === 'dismiss_match')).toBe(true);
  });
});
