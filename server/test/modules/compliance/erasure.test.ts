import { type AuditEventList, type Client, type ErasureOutcome } from '@loupe/contracts';
import { verifyChains } from '../../../src/modules/audit/verify';
import { addYears } from '../../../src/modules/compliance/erasure-service';
import { erasureRequests, legalHold, retentionTestbed } from './retention-setup';
import { uploadKyc } from './setup';

// An erasure request (UK GDPR Art. 17): what no law keeps goes at once; the rest is refused with its reason and
// the day it can go. Clock: 2026-03-01.
const { state, as, create, paidOn } = retentionTestbed();

describe('an erasure request', () => {
  it('erases the e-mail, phone and notes, and refuses the rest naming the law and the date it can go', async () => {
    const id = await create({
      name: 'Erin Request',
      email: 'erin@example.com',
      phone: '07700 900123',
      notes: 'Prefers Tudor',
      addressLine1: '2 Mill Lane',
      town: 'York',
      postcode: 'YO1 7HH',
    });
    await paidOn(id, '2025-01-10');
    expect((await uploadKyc(await as('gold'), id)).statusCode).toBe(201);

    const platinum = await as('platinum');
    const answered = await platinum.post(erasureRequests(id), { receivedOn: '2026-02-20' });
    expect(answered.statusCode).toBe(201);
    const outcome = answered.json() as ErasureOutcome;
    expect(outcome.receivedOn).toBe('2026-02-20');
    expect(outcome.erased).toEqual(['Email', 'Phone', 'Notes']);
    const mlr = expect.stringContaining('Money Laundering Regulations 2017, reg. 40(3)');
    expect(outcome.refused).toEqual([
      { what: 'Name, address and identity verification', reason: mlr, until: '2030-01-10' },
      { what: 'KYC documents (1)', reason: mlr, until: '2030-01-10' },
      {
        what: 'Transaction records (payments, sales, deals, purchases, check-outs)',
        reason: mlr,
        until: '2030-01-10',
      },
    ]);

    const client = (await platinum.get(`/api/clients/${id}/`)).json() as Client;
    expect([client.name, client.email, client.phone, client.notes, client.town]).toEqual([
      'Erin Request',
      '',
      '',
      '',
      'York',
    ]);
    // The chain still verifies, and the client's history words the request.
    expect((await verifyChains(state.db)).broken).toBeNull();
    const history = (await platinum.get(`/api/clients/${id}/history/`)).json() as AuditEventList;
    expect(history.results[0]?.summary).toBe('Answered an erasure request: erased email, phone and notes');
    // A second request finds nothing more to erase and says why.
    const again = (
      await platinum.post(erasureRequests(id), { receivedOn: '2026-03-01' })
    ).json() as ErasureOutcome;
    expect(again.erased).toEqual([]);
    expect(again.refused[0]?.until).toBe('2030-01-10');
  });

  it('refuses everything under legal hold, with the hold as the reason and no date', async () => {
    const id = await create({ name: 'Hal Hold', phone: '07700 900456' });
    const platinum = await as('platinum');
    expect((await platinum.post(legalHold(id), { reason: 'Police production order' })).statusCode).toBe(201);
    const outcome = (
      await platinum.post(erasureRequests(id), { receivedOn: '2026-03-01' })
    ).json() as ErasureOutcome;
    expect(outcome.erased).toEqual([]);
    expect(outcome.refused).toEqual([
      {
        what: 'Everything on file about the client',
        reason: 'Under legal hold (UK GDPR Art. 17(3)(e), legal claims): Police production order',
        until: null,
      },
    ]);
    expect(((await platinum.get(`/api/clients/${id}/`)).json() as Client).phone).toBe('07700 900456');
  });

  it('refuses a receipt date in the future or not a date, and callers who are not the owner or officer', async () => {
    const id = await create({ name: 'Fay Future' });
    const platinum = await as('platinum');
    expect((await platinum.post(erasureRequests(id), { receivedOn: '2026-03-02' })).statusCode).toBe(400);
    expect((await platinum.post(erasureRequests(id), { receivedOn: '2026-02-30' })).statusCode).toBe(400);
    expect(
      (await (await as('gold')).post(erasureRequests(id), { receivedOn: '2026-03-01' })).statusCode,
    ).toBe(403);
    expect(
      (await (await as('rival')).post(erasureRequests(id), { receivedOn: '2026-03-01' })).statusCode,
    ).toBe(404);
    expect(await state.db.query('SELECT id FROM erasure_requests')).toEqual([]);
  });

  it('counts six years of VAT records from the last invoice, 29 February landing on the 28th', () => {
    expect(addYears('2026-03-01', 6)).toBe('2032-03-01');
    expect(addYears('2024-02-29', 6)).toBe('2030-02-28');
  });
});
