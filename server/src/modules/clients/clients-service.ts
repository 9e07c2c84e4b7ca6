import type { FastifyRequest } from 'fastify';
import {
  ADDRESS_PARTS,
  hasPostalAddress,
  KYC_MAX_BYTES,
  type Client,
  type Currency,
  type ClientDocument,
  type ClientWrite,
  type LedgerEntry,
  type LedgerPayment,
  type LedgerPaymentResult,
} from '@loupe/contracts';
import type { ClientsContext } from './deps';
import { isNumericOutOfRange } from '../../kernel/db-errors';
import { expectedVersion, staleEdit, versionMatches } from '../../kernel/record-versions';
import { FileStore, ONE_FILE, type UploadRules } from '../../kernel/file-storage';
import { fileKeyFor } from '../../config';
import { sniffKyc } from '../../kernel/file-types';
import { ApiError, notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag } from '../../kernel/validation';
import type { ClientFields } from './clients-repository';
import { guardCash, guardClient, recordAmlRefusal, screenClient, type CashPayment } from '../compliance';
import { gbpOf } from '../../kernel/money';
import { MAX_GBP, TOO_LARGE, TOO_SMALL, parseClientWrite, parsePayment, pickAddress } from './input';

export const NOT_A_DOCUMENT = 'Upload a PDF, JPEG or PNG file. The file you uploaded is none of these.';
const BALANCE_OVERFLOW = 'This payment would take the balance beyond \u00a3999,999,999,999.99.';
const FIELDS = ['name', 'email', 'phone', 'status', 'notes', ...ADDRESS_PARTS] as const;
export const STALE_CLIENT = 'This client was changed by someone else after you opened it.';

const fieldsOf = (client: Client): ClientFields => ({
  name: client.name,
  email: client.email,
  phone: client.phone,
  status: client.status,
  notes: client.notes,
  ...pickAddress(client),
});

/**
 * What the trail records of a new client: its fields, the postal address only when one was given (a client
 * added without one is not said to have been given the default country).
 */
function createdFields(fields: ClientFields): Partial<ClientFields> {
  if (hasPostalAddress(fields)) return fields;
  const { addressLine1: _1, addressLine2: _2, town: _t, postcode: _p, country: _c, ...rest } = fields;
  return rest;
}

/** The fields an update changed, as they were and as they are. */
function changes(before: ClientFields, after: ClientFields) {
  const changed = FIELDS.filter((f) => before[f] !== after[f]);
  return {
    changed,
    before: Object.fromEntries(changed.map((f) => [f, before[f]])),
    after: Object.fromEntries(changed.map((f) => [f, after[f]])),
  };
}

/** KYC papers: recognised by content (PDF, JPEG, PNG). */
const KYC_FILES: UploadRules = {
  maxBytes: KYC_MAX_BYTES,
  tooLarge: `The file is too large (the limit is ${KYC_MAX_BYTES / (1024 * 1024)} MB).`,
  sniff: sniffKyc,
  notAccepted: NOT_A_DOCUMENT,
  defaultName: 'document',
  misnamedPart: ONE_FILE,
};

/**
 * A Payment dialog's payment as the AML cash guard reads it (issue 13): received from the client, or paid to
 * the client — a high value dealer is one that accepts or makes cash payments of €10,000 or more (MLR 2017
 * reg. 14(1)(a)), so cash paid out needs the same due diligence, linked with the client's other cash paid out.
 */
function paymentCash(
  p: { amount: string; currency: Currency; exchangeRate: string; method: string; date: string },
  direction: 'received' | 'paid',
  shopId: number,
  userId: number,
  clientId: number,
  at: Date,
): CashPayment {
  const { amount, currency, exchangeRate, date } = p;
  return {
    kind: direction === 'paid' ? 'payout' : 'payment',
    direction: direction === 'paid' ? 'out' : 'in',
    shopId,
    userId,
    clientId,
    description: direction === 'paid' ? 'Payment made' : 'Payment received',
    amount,
    currency,
    exchangeRate,
    paymentMethod: p.method,
    date,
    at,
  };
}

/** The clients' writes: each one and its audit record commit together. */
export class ClientsService {
  readonly kycFiles: FileStore;

  constructor(private readonly ctx: ClientsContext) {
    this.kycFiles = new FileStore(ctx.db, fileKeyFor(ctx.config.fileKey), KYC_FILES);
  }

  /** The client of this shop, or a 404 (another shop's id is a 404 before a word is said about a body). */
  async existing(shopId: number, id: number): Promise<Client> {
    const client = await this.ctx.repos.clients.find(shopId, id);
    if (!client) throw notFound();
    return client;
  }

  async create({ shopId, userId }: ShopCaller, body: ClientWrite): Promise<Client> {
    const fields = parseClientWrite(body);
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ clients, audit, sanctions }) => {
      const id = await clients.insert(shopId, fields, now);
      await audit.record({
        shopId,
        userId,
        entity: 'client',
        entityId: id,
        action: 'create',
        after: createdFields(fields),
        at: now,
      });
      // Sanctions screening at creation (issue 25 item 2): a possible match holds the client from now on.
      await screenClient({ sanctions, audit }, { shopId, clientId: id, name: fields.name, userId, at: now });
      return (await clients.find(shopId, id)) as Client;
    });
  }

  /**
   * Changes a client if it is still the version the edit was based on (body `version` or If-Match, see
   * kernel/record-versions.ts); otherwise a 409/412 naming who changed it, when, and the client now.
   */
  async update(
    { shopId, userId }: ShopCaller,
    id: number,
    body: ClientWrite & { version?: number },
    ifMatch?: string | string[],
  ): Promise<Client> {
    await this.existing(shopId, id);
    const { version: _version, ...fields } = body;
    const expected = expectedVersion(ifMatch, body.version);
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ clients, audit, sanctions }) => {
      const current = await clients.find(shopId, id, true);
      if (!current) throw notFound();
      const stale = async (latest: Client) =>
        staleEdit(expected, STALE_CLIENT, latest, await clients.lastEdit(shopId, id));
      if (!versionMatches(expected, current.version)) throw await stale(current);
      const before = fieldsOf(current);
      const after = parseClientWrite(fields, before);
      const diff = changes(before, after);
      // Saving the form unchanged changes nothing: no new updatedAt, nothing to audit.
      if (diff.changed.length === 0) return current;
      if (!(await clients.update(shopId, id, after, now, expected))) {
        throw await stale((await clients.find(shopId, id)) ?? current);
      }
      await audit.record({
        shopId,
        userId,
        entity: 'client',
        entityId: id,
        action: 'update',
        before: diff.before,
        after: diff.after,
        at: now,
      });
      // A new name is screened again (issue 25 item 2).
      if (diff.changed.includes('name'))
        await screenClient({ sanctions, audit }, { shopId, clientId: id, name: after.name, userId, at: now });
      return (await clients.find(shopId, id)) as Client;
    });
  }

  /** Records a payment either way: the ledger entry, the client's new balance and the audit record. */
  async recordPayment(
    { shopId, userId }: ShopCaller,
    id: number,
    body: LedgerPayment,
  ): Promise<LedgerPaymentResult> {
    await this.existing(shopId, id);
    const now = this.ctx.now();
    const { repos } = this.ctx;
    const today = await repos.clients.shopToday(shopId, now);

    const bag = new ErrorBag();
    const payment = parsePayment(bag, body, today);
    const { amount, exchangeRate } = payment;
    if (amount !== null && exchangeRate !== null) {
      const gbp = await repos.ledger.gbpValue(amount, exchangeRate);
      if (Number(gbp) === 0) bag.add('amount', TOO_SMALL);
      else if (gbp.length > MAX_GBP.length) bag.add('amount', TOO_LARGE);
    }
    bag.throwIfAny();

    try {
      return await this.ctx.transaction(async ({ clients, ledger, audit, ...repos }) => {
        const client = await clients.find(shopId, id, true);
        if (!client) throw notFound();
        // AML cash guard (issue 13): a payment received or made, checked before it is posted, flagged after.
        const all = { clients, ledger, audit, ...repos };
        const cash = { ...payment, amount: amount as string, exchangeRate: exchangeRate as string };
        const direction = body.direction === 'paid' ? 'paid' : 'received';
        // Enhanced due diligence of a high-risk client (issue 25), whatever the method, either direction.
        await guardClient(all, {
          shopId,
          clientId: id,
          kind: 'payment',
          amountGbp: gbpOf(cash.amount, cash.exchangeRate),
        });
        const aml = await guardCash(all, paymentCash(cash, direction, shopId, userId, id, now));
        const posted = await ledger.post({
          ...payment,
          shopId,
          clientId: id,
          amount: body.direction === 'paid' ? `-${amount as string}` : (amount as string),
          exchangeRate: exchangeRate as string,
          userId,
          at: now,
        });
        const entry = (await ledger.find(shopId, posted.id)) as LedgerEntry;
        await aml?.flag(all, { ledgerEntryId: Number(posted.id) });
        const balance = Number(posted.balance);
        await audit.record({
          shopId,
          userId,
          entity: 'client',
          entityId: id,
          action: 'ledger_entry',
          before: { balance: client.balance },
          after: { entry, balance },
          at: now,
        });
        return { entry, balance };
      });
    } catch (error) {
      await recordAmlRefusal(this.ctx, error);
      // The balance column holds 12 digits before the point; a payment beyond it is the caller's to fix.
      if (isNumericOutOfRange(error)) {
        throw new ApiError(400, { amount: [BALANCE_OVERFLOW] });
      }
      throw error;
    }
  }

  /** Stores the request's one file as a KYC paper of the client, with its audit record. */
  async addDocument(
    { shopId, userId }: ShopCaller,
    id: number,
    request: FastifyRequest,
  ): Promise<ClientDocument> {
    await this.existing(shopId, id);
    return this.kycFiles.receive(request, async (upload) => {
      const now = this.ctx.now();
      return this.ctx.transaction(async ({ clients, clientDocuments, audit }) => {
        if (!(await clients.find(shopId, id, true))) throw notFound();
        const { storageKey: _key, ...shown } = await clientDocuments.insert({
          ...upload,
          shopId,
          clientId: id,
          userId,
          at: now,
        });
        await audit.record({
          shopId,
          userId,
          entity: 'client',
          entityId: id,
          action: 'kyc_upload',
          after: { ...shown, sha256: upload.sha256 },
          at: now,
        });
        return shown;
      });
    });
  }
}
