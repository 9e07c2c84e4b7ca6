import type { SanctionsImportInfo, SanctionsListed, SanctionsMatch, SanctionsStatus } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import type { Designation, ListFormat } from './sanctions-list';

export interface NewImport {
  fileName: string;
  format: ListFormat;
  listDate: string;
  rows: number;
  designations: number;
  names: number;
  at: Date;
}

export interface NewScreening {
  shopId: number;
  clientId: number;
  clientName: string;
  score: number;
  matchedName: string;
  listed: SanctionsListed;
  importId: number | null;
  at: Date;
}

export interface ScreeningRow extends SanctionsMatch {
  shopId: number;
}

interface MatchRow {
  id: string;
  shop_id: number;
  client_id: number;
  client_name: string;
  status: SanctionsStatus;
  score: string;
  matched_name: string;
  listed: SanctionsListed;
  created_at: Date;
  decided_by_name: string | null;
  decided_at: Date | null;
  note: string;
}

const MATCH_COLUMNS = `id, shop_id, client_id, client_name, status, score, matched_name, listed, created_at,
  decided_by_name, decided_at, note`;

const toMatch = (r: MatchRow): ScreeningRow => ({
  id: Number(r.id),
  shopId: r.shop_id,
  clientId: r.client_id,
  clientName: r.client_name,
  status: r.status,
  score: Number(r.score),
  matchedName: r.matched_name,
  listed: typeof r.listed === 'string' ? (JSON.parse(r.listed) as SanctionsListed) : r.listed,
  createdAt: new Date(r.created_at).toISOString(),
  decidedBy: r.decided_by_name,
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  note: r.note,
});

/** The rows written per INSERT when the list is loaded: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * The sanctions list (shop-independent), its imports, and the screenings of each shop's clients with the
 * nominated officer's decisions (migration 028). The compliance module alone writes these tables.
 */
export class SanctionsRepository {
  constructor(private readonly db: Queryable) {}

  /** Replaces the list with `designations` under a new import's id; call inside one transaction. */
  async replaceList(entry: NewImport, designations: readonly Designation[]): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO sanctions_imports (file_name, format, list_date, rows_read, designations, names, imported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        entry.fileName.slice(0, 300),
        entry.format,
        entry.listDate,
        entry.rows,
        entry.designations,
        entry.names,
        entry.at,
      ],
    );
    const importId = Number((row as { id: string }).id);
    await this.db.query('DELETE FROM sanctions_designations');
    for (let start = 0; start < designations.length; start += BATCH) {
      const chunk = designations.slice(start, start + BATCH);
      const params: unknown[] = [];
      const values = chunk.map((d) => {
        params.push(
          importId,
          d.listId.slice(0, 40),
          d.groupType.slice(0, 20),
          d.regime.slice(0, 300),
          d.dob.slice(0, 300),
          d.nationality.slice(0, 300),
          d.listedOn.slice(0, 60),
          JSON.stringify(d.names),
        );
        const n = params.length;
        return `($${n - 7}, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}::jsonb)`;
      });
      await this.db.query(
        `INSERT INTO sanctions_designations (import_id, list_id, group_type, regime, dob, nationality, listed_on, names)
         VALUES ${values.join(', ')}`,
        params,
      );
    }
    return importId;
  }

  /** What the import's screening of every client found. */
  async recordScreeningTotals(importId: number, clientsScreened: number, possibleMatches: number) {
    await this.db.query(
      'UPDATE sanctions_imports SET clients_screened = $2, possible_matches = $3 WHERE id = $1',
      [importId, clientsScreened, possibleMatches],
    );
  }

  /** The import in force (the latest), or null before the first. */
  async lastImport(): Promise<(SanctionsImportInfo & { id: number }) | null> {
    const [r] = await this.db.query<{
      id: string;
      file_name: string;
      format: SanctionsImportInfo['format'];
      list_date: string;
      rows_read: number;
      designations: number;
      names: number;
      clients_screened: number;
      possible_matches: number;
      imported_at: Date;
    }>('SELECT * FROM sanctions_imports ORDER BY id DESC LIMIT 1');
    if (!r) return null;
    return {
      id: Number(r.id),
      fileName: r.file_name,
      format: r.format,
      listDate: r.list_date,
      rows: r.rows_read,
      designations: r.designations,
      names: r.names,
      clientsScreened: r.clients_screened,
      possibleMatches: r.possible_matches,
      importedAt: new Date(r.imported_at).toISOString(),
    };
  }

  /** The list in force. */
  async designations(): Promise<Designation[]> {
    const rows = await this.db.query<{
      list_id: string;
      group_type: string;
      regime: string;
      dob: string;
      nationality: string;
      listed_on: string;
      names: Designation['names'] | string;
    }>('SELECT list_id, group_type, regime, dob, nationality, listed_on, names FROM sanctions_designations');
    return rows.map((r) => ({
      listId: r.list_id,
      groupType: r.group_type,
      regime: r.regime,
      dob: r.dob,
      nationality: r.nationality,
      listedOn: r.listed_on,
      names: typeof r.names === 'string' ? (JSON.parse(r.names) as Designation['names']) : r.names,
    }));
  }

  /** Every client of every shop, as the clients module publishes them (client_directory, migration 017). */
  async allClients(): Promise<{ shopId: number; id: number; name: string }[]> {
    return this.db.query('SELECT shop_id AS "shopId", id, name FROM client_directory ORDER BY shop_id, id');
  }

  /**
   * Whether this client, under this name, was already screened against this listed person: a possible match is
   * raised once, and a match the nominated officer cleared is not raised again until the client's name changes.
   */
  async alreadyScreened(shopId: number, clientId: number, clientName: string, listId: string) {
    const rows = await this.db.query(
      `SELECT 1 FROM sanctions_screenings
        WHERE shop_id = $1 AND client_id = $2 AND list_id = $4 AND (client_name = $3 OR status <> 'cleared')
        LIMIT 1`,
      [shopId, clientId, clientName, listId],
    );
    return rows.length > 0;
  }

  async insertPossibleMatch(s: NewScreening): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO sanctions_screenings
         (shop_id, client_id, client_name, status, score, matched_name, list_id, listed, import_id, created_at)
       VALUES ($1, $2, $3, 'possible_match', $4, $5, $6, $7::jsonb, $8, $9) RETURNING id`,
      [
        s.shopId,
        s.clientId,
        s.clientName.slice(0, 200),
        s.score.toFixed(3),
        s.matchedName.slice(0, 500),
        s.listed.listId,
        JSON.stringify(s.listed),
        s.importId,
        s.at,
      ],
    );
    return Number((row as { id: string }).id);
  }

  /** The screening of this shop, locked for a decision; null when there is none. */
  async lockForDecision(shopId: number, id: number): Promise<ScreeningRow | null> {
    const [r] = await this.db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM sanctions_screenings WHERE shop_id = $1 AND id = $2 FOR UPDATE`,
      [shopId, id],
    );
    return r ? toMatch(r) : null;
  }

  async decide(
    shopId: number,
    id: number,
    status: 'cleared' | 'confirmed',
    userId: number,
    note: string,
    at: Date,
  ): Promise<ScreeningRow> {
    const [r] = await this.db.query<MatchRow>(
      `UPDATE sanctions_screenings
          SET status = $3, decided_by = $4, note = $5, decided_at = $6,
              decided_by_name = (SELECT username FROM user_directory WHERE id = $4)
        WHERE shop_id = $1 AND id = $2
        RETURNING ${MATCH_COLUMNS}`,
      [shopId, id, status, userId, note.slice(0, 1000), at],
    );
    return toMatch(r as MatchRow);
  }

  /** The open possible matches of a shop, oldest first. */
  async open(shopId: number): Promise<ScreeningRow[]> {
    const rows = await this.db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM sanctions_screenings
        WHERE shop_id = $1 AND status = 'possible_match' ORDER BY created_at, id`,
      [shopId],
    );
    return rows.map(toMatch);
  }

  /** The latest decisions of a shop, newest first. */
  async decided(shopId: number, limit = 50): Promise<ScreeningRow[]> {
    const rows = await this.db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM sanctions_screenings
        WHERE shop_id = $1 AND status <> 'possible_match' ORDER BY decided_at DESC, id DESC LIMIT $2`,
      [shopId, limit],
    );
    return rows.map(toMatch);
  }

  /**
   * At the end of retention (retention-service.ts), for a client with no open or confirmed match: the names its
   * cleared screenings recorded are personal data like the rest, and read `erasedName` from then on.
   */
  async eraseClientName(shopId: number, clientId: number, erasedName: string): Promise<void> {
    await this.db.query(
      'UPDATE sanctions_screenings SET client_name = $3 WHERE shop_id = $1 AND client_id = $2',
      [shopId, clientId, erasedName],
    );
  }

  /**
   * The client's name when they are held (a possible match not yet decided, or a confirmed one), else null.
   * The name as the clients module publishes it now (client_directory), else as it was screened.
   */
  async heldName(shopId: number, clientId: number): Promise<string | null> {
    const [row] = await this.db.query<{ name: string }>(
      `SELECT coalesce(c.name, s.client_name) AS name FROM sanctions_screenings s
         LEFT JOIN client_directory c ON c.id = s.client_id AND c.shop_id = s.shop_id
        WHERE s.shop_id = $1 AND s.client_id = $2 AND s.status IN ('possible_match', 'confirmed')
        LIMIT 1`,
      [shopId, clientId],
    );
    return row ? row.name : null;
  }
}
