import type { Client } from '@loupe/contracts';
import type { FileKey } from '../../config';
import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { ErasureRequestsRepository } from './erasure-repository';
import type { RetentionRepository } from './retention-repository';
import type { RiskRepository } from './risk-repository';
import type { SanctionsRepository } from './sanctions-repository';

/**
 * What retention, erasure and the subject access export work with (issue 25 item 3). Of the clients and
 * documents modules (which import this one) only the calls made here are named.
 */
export interface RetentionRepos {
  retention: RetentionRepository;
  erasureRequests: ErasureRequestsRepository;
  /** The client's risk rating and EDD papers, deleted with the other due diligence records. */
  risk: Pick<RiskRepository, 'eraseClient'>;
  /** A client held by a sanctions match is kept; cleared screenings' names are erased. */
  sanctions: Pick<SanctionsRepository, 'heldName' | 'eraseClientName'>;
  audit: AuditRepository;
  /**
   * The client's wanted list and website enquiries (issue 24): each module reads and deletes its own rows. Named
   * here by shape, as the clients module's calls are: those modules import the clients module, which imports this.
   */
  wants: {
    recordsOfClient(shopId: number, clientId: number): Promise<{ wants: unknown[]; wantMatches: unknown[] }>;
    eraseClient(shopId: number, clientId: number): Promise<{ wants: number; matches: number }>;
  };
  enquiries: {
    recordsOfClient(shopId: number, clientId: number, email: string): Promise<unknown[]>;
    eraseClient(
      shopId: number,
      clientId: number,
      email: string,
    ): Promise<{ enquiries: number; replies: number }>;
  };
  clients: {
    find(shopId: number, id: number, lock?: boolean): Promise<Client | null>;
    erase(
      shopId: number,
      id: number,
      fields: 'all' | readonly ('email' | 'phone' | 'notes')[],
      erasedName: string,
      at: Date,
    ): Promise<void>;
    shopToday(shopId: number, at: Date): Promise<string>;
  };
  clientDocuments: {
    list(shopId: number, clientId: number): Promise<{ id: number; name: string; storageKey: string }[]>;
  };
  invoicePdfs: {
    ofClient(
      shopId: number,
      clientId: number,
      fileKey: FileKey,
    ): AsyncIterable<{ fileName: string; bytes: Buffer }>;
  };
}

export type RetentionContext = ModuleContext<RetentionRepos>;
