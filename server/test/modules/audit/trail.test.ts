import { AuditRepository } from '../../../src/modules/audit/audit-repository';
import { reportChains } from '../../../src/cli/audit-verify';
import { verifyChains } from '../../../src/modules/audit/verify';
import { apiTestbed } from '../../helper';

const { state } = apiTestbed({ app: false });

const at = new Date('2026-03-01T09:00:00.123Z');

async function write(shopId: number | null, userId: number | null, n = 1, action = 'update') {
  const audit = new AuditRepository(state.db);
  for (let i = 0; i < n; i += 1) {
    await audit.record({
      shopId,
      userId,
      entity: 'client',
      entityId: 1,
      action,
      after: { phone: `0${i}` },
      at,
    });
  }
}

interface Row {
  id: string;
  seq: string;
  shop_id: number | null;
  actor: string | null;
  prev_hash: string;
  hash: string;
}
const rows = (sql = 'SELECT id, seq, shop_id, actor, prev_hash, hash FROM audit_log ORDER BY id') =>
  state.db.query<Row>(sql);

/** Runs `sql` as the table owner with the append-only triggers lifted, as someone tampering by hand would. */
async function tamper(sql: string): Promise<void> {
  await state.db.transaction((tx) =>
    tx.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change; ${sql};
             ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`),
  );
}

async function verifyCli() {
  const out: string[] = [];
  const err: string[] = [];
  const code = await reportChains(state.db, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the audit log is append-only', () => {
  it.each([
    ['UPDATE', "UPDATE audit_log SET action = 'create'"],
    ['DELETE', 'DELETE FROM audit_log'],
    ['TRUNCATE', 'TRUNCATE audit_log'],
  ])('refuses %s with a clear message', async (op, sql) => {
    await write(state.fx.shopId, state.fx.ids.gold);
    await expect(state.db.query(sql)).rejects.toThrow(`audit_log is append-only: ${op} is not allowed`);
    expect(await rows()).toHaveLength(1);
  });
});

describe('each shop has its own hash chain', () => {
  it('numbers entries per chain, links each to the previous and snapshots the actor', async () => {
    const { shopId, otherShopId, ids } = state.fx;
    await write(shopId, ids.gold, 3);
    await write(otherShopId, ids.rival, 2);
    await write(null, null, 1, 'sign_in_failed');
    const all = await rows();
    expect(all.map((r) => [r.shop_id, Number(r.seq)])).toEqual([
      [shopId, 1],
      [shopId, 2],
      [shopId, 3],
      [otherShopId, 1],
      [otherShopId, 2],
      [null, 1],
    ]);
    expect(all[0]?.prev_hash).toBe('0'.repeat(64));
    expect(all[1]?.prev_hash).toBe(all[0]?.hash);
    expect(all[4]?.prev_hash).toBe(all[3]?.hash);
    expect(all[0]?.actor).toBe('gold');
    expect(await verifyChains(state.db)).toEqual({ chains: 3, entries: 6, broken: null });
  });

  // On PostgreSQL the 40 transactions really overlap (a pool of connections); PGlite runs them one by one.
  it('stays one chain under 40 concurrent audited writes', async () => {
    const { shopId, ids } = state.fx;
    const audit = (db: typeof state.db) => new AuditRepository(db);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        state.db.transaction(async (tx) => {
          await audit(tx as typeof state.db).record({
            shopId,
            userId: ids.gold,
            entity: 'item',
            entityId: i + 1,
            action: 'update',
            after: { n: i },
            at,
          });
        }),
      ),
    );
    const seqs = (await rows()).map((r) => Number(r.seq)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await verifyChains(state.db)).toEqual({ chains: 1, entries: 40, broken: null });
  });
});

describe('npm run audit:verify', () => {
  it('says every chain verifies', async () => {
    await write(state.fx.shopId, state.fx.ids.gold, 3);
    await write(state.fx.otherShopId, state.fx.ids.rival, 1);
    expect(await verifyCli()).toEqual({ code: 0, out: 'All 2 chains verify (4 entries)', err: '' });
  });

  it('names an entry changed by hand', async () => {
    await write(state.fx.shopId, state.fx.ids.gold, 3);
    const second = (await rows())[1] as Row;
    await tamper(`UPDATE audit_log SET after = '{"phone": "0999"}' WHERE id = ${second.id}`);
    const result = await verifyCli();
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Broken link in shop ${state.fx.shopId} at seq 2 (entry id ${second.id}): ` +
        'hash does not match the entry\u2019s content (changed after it was written).',
    );
  });

  it('names an entry whose hash was recomputed by hand: the next link no longer matches', async () => {
    await write(state.fx.shopId, state.fx.ids.gold, 3);
    const [, second, third] = (await rows()) as Row[];
    await tamper(`UPDATE audit_log SET hash = repeat('a', 64) WHERE id = ${second?.id}`);
    const result = await verifyChains(state.db);
    expect(result.broken).toMatchObject({ seq: 2, id: Number(second?.id) });
    expect(third).toBeDefined();
  });

  it('names a deleted entry (a gap in seq)', async () => {
    await write(state.fx.shopId, state.fx.ids.gold, 4);
    const all = await rows();
    await tamper(`DELETE FROM audit_log WHERE id = ${all[1]?.id}`);
    const result = await verifyCli();
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Broken link in shop ${state.fx.shopId} at seq 3 (entry id ${all[2]?.id}): seq 3 follows 1: entry 2 is missing.`,
    );
  });

  it('verifies an empty trail', async () => {
    expect(await verifyCli()).toEqual({ code: 0, out: 'All 0 chains verify (0 entries)', err: '' });
  });
});

describe('history outlives people and shops', () => {
  it('keeps a deleted user\u2019s entries, with their username', async () => {
    const { shopId, ids } = state.fx;
    await write(shopId, ids.loner, 2);
    await state.db.query('DELETE FROM users WHERE id = $1', [ids.loner]);
    const kept = await state.db.query<{ user_id: number; actor: string }>(
      'SELECT user_id, actor FROM audit_log',
    );
    expect(kept).toEqual([
      { user_id: ids.loner, actor: 'loner' },
      { user_id: ids.loner, actor: 'loner' },
    ]);
    expect((await verifyChains(state.db)).broken).toBeNull();
  });

  it('keeps a deleted shop\u2019s chain whole', async () => {
    const { otherShopId, ids } = state.fx;
    await write(otherShopId, ids.rival, 3);
    await state.db.query('DELETE FROM shops WHERE id = $1', [otherShopId]);
    const kept = await state.db.query<{ shop_id: number }>('SELECT shop_id FROM audit_log');
    expect(kept).toEqual([{ shop_id: otherShopId }, { shop_id: otherShopId }, { shop_id: otherShopId }]);
    expect(await verifyChains(state.db)).toEqual({ chains: 1, entries: 3, broken: null });
  });
});
