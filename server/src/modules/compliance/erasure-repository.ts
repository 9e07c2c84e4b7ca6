import type { ErasureOutcome, ErasureRefusal } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** Erasure requests as answered (erasure_requests, migration 029): kept to show the request was answered in time. */
export class ErasureRequestsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(request: {
    shopId: number;
    clientId: number;
    receivedOn: string;
    erased: string[];
    refused: ErasureRefusal[];
    userId: number;
    at: Date;
  }): Promise<ErasureOutcome> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO erasure_requests (shop_id, client_id, received_on, erased, refused, decided_by, decided_by_name,
                                     decided_at)
       VALUES ($1, $2, $3::date, $4::jsonb, $5::jsonb, $6, (SELECT username FROM user_directory WHERE id = $6), $7)
       RETURNING id`,
      [
        request.shopId,
        request.clientId,
        request.receivedOn,
        JSON.stringify(request.erased),
        JSON.stringify(request.refused),
        request.userId,
        request.at,
      ],
    );
    return {
      id: Number(rows[0]?.id),
      receivedOn: request.receivedOn,
      erased: request.erased,
      refused: request.refused,
    };
  }

  /** A client's requests as answered, oldest first (the subject access export lists them). */
  async ofClient(shopId: number, clientId: number): Promise<unknown[]> {
    return this.db.query(
      `SELECT id, received_on::text AS "receivedOn", erased, refused, decided_by_name AS "decidedBy",
              decided_at AS "decidedAt"
         FROM erasure_requests WHERE shop_id = $1 AND client_id = $2 ORDER BY id`,
      [shopId, clientId],
    );
  }
}
