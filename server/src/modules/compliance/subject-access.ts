import { ZipFile } from 'yazl';
import type { RetentionClient } from '@loupe/contracts';
import { fileKeyFor } from '../../config';
import { openStoredFile } from '../../kernel/file-storage';
import { notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { describe } from '../audit';
import type { RetentionContext } from './retention-deps';
import { requireReviewer, shopDay } from './retention-service';
import { SubjectAccessRepository } from './subject-access-repository';

// The subject access export (UK GDPR Art. 15; answered without undue delay and within one month, Art. 12(3)):
// one ZIP with everything the shop holds about the client — client.json (the record, its retention clock, every
// payment, sale, deal, check-out, purchase, invoice and workshop job, the wanted list and its matches, the website
// enquiries linked to the client or sent from the client's e-mail address with the staff's replies, the history in
// words, erasure requests), the KYC papers as uploaded and the invoices as printed. Built whole in memory before the first byte is sent, so a file that
// fails to open answers an error instead of a cut-off archive.

const README = `Subject access export (UK GDPR Article 15)

client.json   everything on file about the client: the client record, the retention clock (Money Laundering
              Regulations 2017, reg. 40), ledger entries, sales, deals and their payments, check-outs,
              purchases from the client, invoices and credit notes, workshop jobs (the pieces left for repair),
              the wanted list (wants with their notes, and the pieces matched with them), website enquiries
              (linked to the client or sent from the client's e-mail address, with the shop's replies),
              erasure requests, and the history of the record as the shop's audit trail words it.
kyc/          the identity (KYC) documents as uploaded.
invoices/     the invoices and credit notes issued to the client, as printed.
`;

/** 'passport scan.pdf' -> 'passport_scan.pdf': a name safe inside the archive on every system. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'document';

export interface SubjectAccessArchive {
  fileName: string;
  bytes: Buffer;
  /** The archive's entries, in order (for the audit entry). */
  entries: string[];
}

export async function subjectAccessExport(
  ctx: RetentionContext,
  caller: ShopCaller,
  clientId: number,
): Promise<SubjectAccessArchive> {
  await requireReviewer(ctx, caller);
  const { shopId } = caller;
  const at = ctx.now();
  const today = await shopDay(ctx.repos, shopId, at);
  const client = await ctx.repos.clients.find(shopId, clientId);
  const clock: RetentionClient | null = await ctx.repos.retention.clock(shopId, clientId, today);
  if (!client || !clock) throw notFound();
  const fileKey = fileKeyFor(ctx.config.fileKey);

  const history = [];
  for await (const entry of ctx.repos.audit.each(shopId, { clientId })) history.push(describe(entry));
  const documents = await ctx.repos.clientDocuments.list(shopId, clientId);
  const data = {
    exportedAt: at.toISOString(),
    legalBasis: 'UK GDPR Article 15 (right of access by the data subject)',
    client,
    retention: clock,
    ...(await new SubjectAccessRepository(ctx.db).records(shopId, clientId)),
    // Issue 24's personal data, each read by the module that owns it.
    ...(await ctx.repos.wants.recordsOfClient(shopId, clientId)),
    enquiries: await ctx.repos.enquiries.recordsOfClient(shopId, clientId, client.email),
    kycDocuments: documents.map(({ storageKey: _key, ...doc }) => doc),
    erasureRequests: await ctx.repos.erasureRequests.ofClient(shopId, clientId),
    history,
  };

  const zip = new ZipFile();
  const entries: string[] = [];
  const add = (name: string, bytes: Buffer) => {
    zip.addBuffer(bytes, name, { mtime: at });
    entries.push(name);
  };
  add('README.txt', Buffer.from(README, 'utf8'));
  add('client.json', Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8'));
  for (const doc of documents) {
    const opened = await openStoredFile(ctx.db, fileKey, doc.storageKey);
    if (!opened) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.chunks) chunks.push(chunk);
    add(`kyc/${doc.id}-${safeName(doc.name)}`, Buffer.concat(chunks));
  }
  for await (const pdf of ctx.repos.invoicePdfs.ofClient(shopId, clientId, fileKey)) {
    add(`invoices/${safeName(pdf.fileName)}`, pdf.bytes);
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);

  await ctx.repos.audit.record({
    shopId,
    userId: caller.userId,
    entity: 'client',
    entityId: clientId,
    action: 'subject_access',
    after: { files: entries.length },
    at,
  });
  return { fileName: `subject-access-client-${clientId}-${today}.zip`, bytes: Buffer.concat(parts), entries };
}
