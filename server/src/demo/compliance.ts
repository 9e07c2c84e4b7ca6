import type { LedgerEntry } from '@loupe/contracts';
import { guardCash } from '../modules/compliance/aml-guard';
import { createRepositories } from '../repositories';
import { isoDay, type DemoContext } from './demo-context';

/**
 * Customer due diligence and the AML report (issue 13): the first demo client with an identity document on file
 * is verified by the platinum member, and later pays £9,350.00 in cash (€11,000 at the default 0.85), accepted
 * through the real guard and flagged for the compliance report. Without a file key no KYC paper is seeded, so
 * no client can have complete due diligence: nothing is seeded then.
 */
export async function seedComplianceDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, users, now } = demo;
  const rows = await tx.query<{ id: number; balance: string }>(
    `SELECT c.id, c.balance::text AS balance FROM clients c
      WHERE c.shop_id = $1 AND EXISTS (SELECT 1 FROM client_documents d WHERE d.client_id = c.id)
      ORDER BY c.id LIMIT 1`,
    [shopId],
  );
  const client = rows[0];
  if (!client) return;
  const repos = createRepositories(tx, () => now);
  const verifiedAt = new Date(now.getTime() - 30 * 86_400_000);
  const verifiedOn = isoDay(now, 30);
  await repos.clients.setVerification(shopId, client.id, users.platinum, verifiedOn, verifiedAt);
  await repos.audit.record({
    shopId,
    userId: users.platinum,
    entity: 'client',
    entityId: client.id,
    action: 'verify',
    before: { verifiedBy: null, verifiedOn: null },
    after: { verifiedBy: 'platinum', verifiedOn },
    at: verifiedAt,
  });

  const paidAt = new Date(now.getTime() - 12 * 86_400_000);
  const payment = {
    shopId,
    userId: users.gold,
    clientId: client.id,
    amount: '9350.00',
    currency: 'GBP' as const,
    exchangeRate: '1',
    date: isoDay(now, 12),
    at: paidAt,
  };
  const aml = await guardCash(repos, {
    ...payment,
    kind: 'payment',
    description: 'Payment received',
    paymentMethod: 'Cash',
  });
  const posted = await repos.ledger.post({ ...payment, method: 'Cash', note: 'Balance settled in cash' });
  const entry = (await repos.ledger.find(shopId, posted.id)) as LedgerEntry;
  await repos.audit.record({
    shopId,
    userId: users.gold,
    entity: 'client',
    entityId: client.id,
    action: 'ledger_entry',
    before: { balance: Number(client.balance) },
    after: { entry, balance: Number(posted.balance) },
    at: paidAt,
  });
  await aml.flag(repos, { ledgerEntryId: Number(posted.id) });
}
