import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { StorefrontRepository } from './storefront-repository';

/** The repositories of the storefront: its own tables and views, and the trail of its changes. */
export interface StorefrontRepos {
  storefront: StorefrontRepository;
  audit: AuditRepository;
}

export type StorefrontContext = ModuleContext<StorefrontRepos>;
