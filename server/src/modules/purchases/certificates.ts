import type { FastifyRequest } from 'fastify';
import { KYC_MAX_BYTES, PURCHASE_CERTIFICATE_TYPE, PURCHASE_NO_CHECK } from '@loupe/contracts';
import { fileKeyFor } from '../../config';
import { FileStore, ONE_FILE, type UploadRules } from '../../kernel/file-storage';
import { sniffKyc } from '../../kernel/file-types';
import { conflict, notFound } from '../../kernel/http-errors';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import type { PurchasesContext } from './deps';
import type { CertificateRef } from './purchases-repository';

/** A register check's certificate: a PDF or an image, as KYC papers (recognised by content, 10 MB). */
const CERTIFICATE_FILES: UploadRules = {
  maxBytes: KYC_MAX_BYTES,
  tooLarge: `The file is too large (the limit is ${KYC_MAX_BYTES / (1024 * 1024)} MB).`,
  sniff: sniffKyc,
  notAccepted: PURCHASE_CERTIFICATE_TYPE,
  defaultName: 'certificate',
  misnamedPart: ONE_FILE,
};

/** The certificates of register checks, kept in the kernel's encrypted file storage (migration 011). */
export class CertificateStore {
  readonly files: FileStore;

  constructor(private readonly ctx: PurchasesContext) {
    this.files = new FileStore(ctx.db, fileKeyFor(ctx.config.fileKey), CERTIFICATE_FILES);
  }

  /** Stores the request's file as the line's certificate; one uploaded before is replaced (and deleted). */
  async upload(
    caller: ShopCaller,
    purchaseId: number,
    lineId: number,
    request: FastifyRequest,
  ): Promise<void> {
    requireAction(caller, 'viewCosts');
    const { shopId, userId } = caller;
    if (!(await this.ctx.repos.purchases.find(shopId, purchaseId))) throw notFound();
    const replaced = await this.files.receive(request, (upload) =>
      this.ctx.transaction(async ({ purchases, audit }) => {
        const purchase = await purchases.find(shopId, purchaseId, true);
        if (!purchase) throw notFound();
        const old = await purchases.attachCertificate(shopId, purchaseId, lineId, upload);
        if (old === null) throw conflict(PURCHASE_NO_CHECK);
        await audit.record({
          shopId,
          userId,
          entity: 'purchase',
          entityId: purchaseId,
          action: 'certificate',
          after: { lineId, name: upload.name, contentType: upload.contentType, size: upload.size },
          at: this.ctx.now(),
          clientId: purchase.sellerId,
        });
        return old;
      }),
    );
    if (replaced) await this.files.remove(replaced);
  }

  async find(shopId: number, purchaseId: number, lineId: number): Promise<CertificateRef> {
    const file = await this.ctx.repos.purchases.certificate(shopId, purchaseId, lineId);
    if (!file) throw notFound();
    return file;
  }
}
