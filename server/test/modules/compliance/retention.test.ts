import {
  ERASED_CLIENT,
  RETENTION_MESSAGES,
  type AuditEventList,
  type Client,
  type RetentionClient,
  type RetentionList,
} from '@loupe/contracts';
import { verifyChains } from '../../../src/modules/audit/verify';
import { uploadKyc, uploadPdf } from './setup';
import { RETENTION, RETENTION_DELETE, legalHold, retentionOf, retentionTestbed } from './retention-setup';

// Retention (issue 25 item 3; MLR 2017 reg. 40(3)): a client whose last transaction is over five years old is
// listed for review and deleted in a batch the nominated officer confirms; a legal hold keeps them; nobody else
// may delete. Clock: 2026-03-01, so a last transaction on 2020-06-01 ran out on 2025-06-01.
const { state, as, create, officer, paidOn } = retentionTestbed();

const clientRow = (id: number) =>
  state.db.query<{ name: string; email: string; phone: string; notes: string; town: string }>(
    'SELECT name, email, phone, notes, town FROM clients WHERE id = $1',
    [id],
  );

/** Everything the trail stores about the client, as text: what a reader of the raw table would see. */
const storedTrail = async (id: number) =>
  (
    await state.db.query<{ t: string }>(
      `SELECT coalesce(record_name, '') || ' ' || coalesce(before::text, '') || ' ' || coalesce(after::text, '') AS t
         FROM audit_log WHERE client_id = $1 ORDER BY id`,
      [id],
    )
  ).map((r) => r.t);

describe('the retention review', () => {
  it('lists a client whose last transaction is over five years old, and deletes them on the typed confirmation', async () => {
    const old = await create({
      name: 'Cornelius Oldfield',
      email: 'cornelius@example.com',
      phone: '020 7946 0123',
      notes: 'Collects Patek',
      town: 'Bath',
      postcode: 'BA1 1AA',
      addressLine1: '1 Royal Crescent',
    });
    await paidOn(old, '2019-04-02');
    await paidOn(old, '2020-06-01');
    expect((await uploadKyc(await as('gold'), old)).statusCode).toBe(201);
    const recent = await create({ name: 'Rita Recent' });
    await paidOn(recent, '2021-03-02');

    const nominated = await officer();
    const listed = await nominated.get(RETENTION);
    expect(listed.statusCode).toBe(200);
    const list = listed.json() as RetentionList;
    expect(list.today).toBe('2026-03-01');
    expect(list.results).toEqual([
      {
        clientId: old,
        name: 'Cornelius Oldfield',
        lastTransactionOn: '2020-06-01',
        retainUntil: '2025-06-01',
        due: true,
        hold: null,
        erasedAt: null,
      },
    ]);
    // The recent client's clock runs to 2026-03-02: not yet.
    expect(((await nominated.get(retentionOf(recent))).json() as RetentionClient).retainUntil).toBe(
      '2026-03-02',
    );

    // Before deletion, the owner's Activity reads the client's name in the clear (decrypted with their key),
    // while the table holds it only sealed.
    const platinum = await as('platinum');
    const before = (await platinum.get(`/api/activity/?entity=client`)).json() as AuditEventList;
    expect(before.results.filter((e) => e.entityId === old).map((e) => e.recordName)).toContain(
      'Cornelius Oldfield',
    );
    expect((await storedTrail(old)).join('\n')).not.toMatch(
      /Cornelius|Oldfield|cornelius@|7946|Royal Crescent/,
    );

    // A wrong phrase is refused on its field; nothing changes.
    const wrong = await nominated.post(RETENTION_DELETE, { clientIds: [old], confirmation: 'delete' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ confirmation: ['Type DELETE 1 CLIENT to confirm.'] });
    expect((await clientRow(old))[0]?.name).toBe('Cornelius Oldfield');
    // A client not yet due is refused with their name, and the batch with them is not half done.
    const early = await nominated.post(RETENTION_DELETE, {
      clientIds: [old, recent],
      confirmation: 'DELETE 2 CLIENTS',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: RETENTION_MESSAGES.notDue(`Rita Recent (#${recent})`) });
    expect((await clientRow(old))[0]?.name).toBe('Cornelius Oldfield');

    const deleted = await nominated.post(RETENTION_DELETE, {
      clientIds: [old],
      confirmation: 'DELETE 1 CLIENT',
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: [old] });

    // The row stays, anonymous, for the books that point at it; the KYC paper is gone; the payments stay.
    expect(await clientRow(old)).toEqual([
      { name: ERASED_CLIENT, email: '', phone: '', notes: '', town: '' },
    ]);
    const detail = (await nominated.get(`/api/clients/${old}/`)).json() as Client;
    expect(detail.cdd.verifiedOn).toBeNull();
    expect(await state.db.query('SELECT id FROM client_documents WHERE client_id = $1', [old])).toEqual([]);
    expect(
      Number(
        (
          await state.db.query<{ n: string }>(
            'SELECT count(*) AS n FROM client_ledger WHERE client_id = $1',
            [old],
          )
        )[0]?.n,
      ),
    ).toBe(2);
    expect(((await nominated.get(RETENTION)).json() as RetentionList).results).toEqual([]);
    expect(((await nominated.get(retentionOf(old))).json() as RetentionClient).erasedAt).toBe(
      '2026-03-01T09:00:00.000Z',
    );
    // Deleting twice is refused.
    expect(
      (await nominated.post(RETENTION_DELETE, { clientIds: [old], confirmation: 'DELETE 1 CLIENT' }))
        .statusCode,
    ).toBe(409);

    // Crypto-shredding: the key is destroyed, the chain still verifies, and the history reads "erased client".
    expect(await state.db.query('SELECT wrapped_key FROM client_keys WHERE client_id = $1', [old])).toEqual([
      { wrapped_key: null },
    ]);
    expect((await verifyChains(state.db)).broken).toBeNull();
    const history = (
      await platinum.get(`/api/clients/${old}/history/?page_size=100`)
    ).json() as AuditEventList;
    expect(history.count).toBeGreaterThanOrEqual(5);
    expect(history.results.every((e) => e.recordName === ERASED_CLIENT)).toBe(true);
    expect(JSON.stringify(history)).not.toMatch(
      /Cornelius|Oldfield|cornelius@|7946|Patek|Royal Crescent|Bath/,
    );
    const created = history.results.find((e) => e.action === 'create');
    expect(created?.changes).toContainEqual({ field: 'Name', before: null, after: ERASED_CLIENT });
    expect(history.results[0]?.summary).toBe(
      'Deleted the client at the end of retention: personal data erased',
    );
    const after = (await platinum.get(`/api/activity/?entity=client`)).json() as AuditEventList;
    expect(after.results.filter((e) => e.entityId === old).every((e) => e.recordName === ERASED_CLIENT)).toBe(
      true,
    );
    // The other client's trail still reads in the clear.
    expect(after.results.filter((e) => e.entityId === recent).map((e) => e.recordName)).toContain(
      'Rita Recent',
    );
  });

  it('deletes the risk rating and enhanced due diligence papers with the rest, and keeps a client held by a sanctions match', async () => {
    const rated = await create({ name: 'Ottoline Rated' });
    await paidOn(rated, '2019-05-20');
    const gold = await as('gold');
    const rating = await gold.send('PUT', `/api/clients/${rated}/risk/`, {
      body: { rating: 'high', reasons: ['pep'] },
    });
    expect(rating.statusCode).toBe(200);
    expect((await uploadPdf(gold, `/api/clients/${rated}/risk/source-of-funds/`)).statusCode).toBe(201);
    const files = async () =>
      Number(
        (
          await state.db.query<{ n: string }>(
            `SELECT (SELECT count(*) FROM client_edd_documents WHERE client_id = $1)
                  + (SELECT count(*) FROM client_risk_ratings WHERE client_id = $1) AS n`,
            [rated],
          )
        )[0]?.n,
      );
    expect(await files()).toBe(2);

    // A possible match on the sanctions list, not yet decided: the client is kept, named in the refusal.
    const screening = await state.db.query<{ id: string }>(
      `INSERT INTO sanctions_screenings (shop_id, client_id, client_name, status, score, matched_name, list_id, listed,
                                         created_at)
       VALUES ($1, $2, 'Ottoline Rated', 'possible_match', 0.9, 'OTTOLINE RATED', 'RUS0001', '{}', now())
       RETURNING id`,
      [state.fx.shopId, rated],
    );
    const nominated = await officer();
    const kept = await nominated.post(RETENTION_DELETE, {
      clientIds: [rated],
      confirmation: 'DELETE 1 CLIENT',
    });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({ detail: RETENTION_MESSAGES.sanctionsHold(`Ottoline Rated (#${rated})`) });
    expect(await files()).toBe(2);

    // Cleared as a false positive: the deletion goes through, the due diligence records with it, and the name
    // the screening recorded is erased too.
    await state.db.query(`UPDATE sanctions_screenings SET status = 'cleared' WHERE id = $1`, [
      screening[0]?.id,
    ]);
    const deleted = await nominated.post(RETENTION_DELETE, {
      clientIds: [rated],
      confirmation: 'DELETE 1 CLIENT',
    });
    expect(deleted.statusCode).toBe(200);
    expect(await files()).toBe(0);
    expect(
      await state.db.query('SELECT client_name FROM sanctions_screenings WHERE client_id = $1', [rated]),
    ).toEqual([{ client_name: ERASED_CLIENT }]);
  });

  it('keeps a client under legal hold: listed with the hold, refused on deletion until it is lifted', async () => {
    const held = await create({ name: 'Hugo Held' });
    await paidOn(held, '2019-01-15');
    const platinum = await as('platinum');
    const placed = await platinum.post(legalHold(held), { reason: '  HMRC enquiry 2026/14  ' });
    expect(placed.statusCode).toBe(201);
    expect((placed.json() as RetentionClient).hold).toEqual({
      reason: 'HMRC enquiry 2026/14',
      setBy: 'platinum',
      setAt: '2026-03-01T09:00:00.000Z',
    });
    expect((await platinum.post(legalHold(held), { reason: 'again' })).statusCode).toBe(409);
    expect((await platinum.post(legalHold(held), { reason: '   ' })).statusCode).toBe(400);

    const nominated = await officer();
    const list = (await nominated.get(RETENTION)).json() as RetentionList;
    expect(list.results.map((c) => [c.name, c.due, c.hold?.reason])).toEqual([
      ['Hugo Held', true, 'HMRC enquiry 2026/14'],
    ]);
    const refused = await nominated.post(RETENTION_DELETE, {
      clientIds: [held],
      confirmation: 'DELETE 1 CLIENT',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: RETENTION_MESSAGES.held(`Hugo Held (#${held})`) });
    expect((await clientRow(held))[0]?.name).toBe('Hugo Held');

    const lifted = await nominated.send('DELETE', legalHold(held));
    expect(lifted.statusCode).toBe(200);
    expect((lifted.json() as RetentionClient).hold).toBeNull();
    expect((await nominated.send('DELETE', legalHold(held))).statusCode).toBe(409);
    const history = (await platinum.get(`/api/clients/${held}/history/`)).json() as AuditEventList;
    expect(history.results.slice(0, 2).map((e) => [e.summary, e.actor])).toEqual([
      ['Lifted the legal hold', 'gold'],
      ['Placed a legal hold: HMRC enquiry 2026/14', 'platinum'],
    ]);
    expect(
      (await nominated.post(RETENTION_DELETE, { clientIds: [held], confirmation: 'DELETE 1 CLIENT' }))
        .statusCode,
    ).toBe(200);
  });

  it('is refused to anyone but the nominated officer: the owner may review but not delete, others neither', async () => {
    const old = await create({ name: 'Olive Old' });
    await paidOn(old, '2020-01-01');
    const body = { clientIds: [old], confirmation: 'DELETE 1 CLIENT' };

    const platinum = await as('platinum');
    expect((await platinum.get(RETENTION)).statusCode).toBe(200);
    const owner = await platinum.post(RETENTION_DELETE, body);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ detail: RETENTION_MESSAGES.deleteNotAllowed });
    for (const role of ['gold', 'silver'] as const) {
      const browser = await as(role);
      const list = await browser.get(RETENTION);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ detail: RETENTION_MESSAGES.notAllowed });
      expect((await browser.post(RETENTION_DELETE, body)).statusCode).toBe(403);
      expect((await browser.post(legalHold(old), { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await clientRow(old))[0]?.name).toBe('Olive Old');
    // Another shop's owner finds no such client.
    const rival = await as('rival');
    expect((await rival.get(retentionOf(old))).statusCode).toBe(404);
    expect((await rival.post(legalHold(old), { reason: 'x' })).statusCode).toBe(404);
  });
});
