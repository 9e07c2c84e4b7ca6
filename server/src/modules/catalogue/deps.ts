import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { CatalogueRepository } from './catalogue-repository';

/** The repositories the catalogue module works with: its brands and models, and the trail of their changes. */
export interface CatalogueRepos {
  catalogue: CatalogueRepository;
  audit: AuditRepository;
}

export type CatalogueContext = ModuleContext<CatalogueRepos>;
