import type { ClientDocument } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

export interface NewClientDocument {
  shopId: number;
  clientId: number;
  /** The random file name under the KYC folder of the uploads directory. */
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  userId: number | null;
  at: Date;
}

export interface StoredClientDocument extends ClientDocument {
  storageKey: string;
}

interface DocumentRecord {
  id: number;
  storage_key: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
}

const toDocument = (r: DocumentRecord): StoredClientDocument => ({
  id: r.id,
  name: r.original_name,
  contentType: r.content_type,
  size: r.size_bytes,
  uploadedAt: new Date(r.created_at).toISOString(),
  storageKey: r.storage_key,
});

const COLUMNS = 'id, storage_key, original_name, content_type, size_bytes, created_at';

/** KYC documents: the rows; the bytes live in private storage under storage_key. */
export class ClientDocumentsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(doc: NewClientDocument): Promise<StoredClientDocument> {
    const rows = await this.db.query<DocumentRecord>(
      `INSERT INTO client_documents
         (shop_id, client_id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        doc.shopId,
        doc.clientId,
        doc.storageKey,
        doc.name,
        doc.contentType,
        doc.size,
        doc.sha256,
        doc.userId,
        doc.at,
      ],
    );
    return toDocument(rows[0] as DocumentRecord);
  }

  /** Newest first. */
  async list(shopId: number, clientId: number): Promise<StoredClientDocument[]> {
    const rows = await this.db.query<DocumentRecord>(
      `SELECT ${COLUMNS} FROM client_documents WHERE shop_id = $1 AND client_id = $2 ORDER BY id DESC`,
      [shopId, clientId],
    );
    return rows.map(toDocument);
  }

  async find(shopId: number, clientId: number, id: number): Promise<StoredClientDocument | null> {
    const rows = await this.db.query<DocumentRecord>(
      `SELECT ${COLUMNS} FROM client_documents WHERE shop_id = $1 AND client_id = $2 AND id = $3`,
      [shopId, clientId, id],
    );
    return rows[0] ? toDocument(rows[0]) : null;
  }
}
