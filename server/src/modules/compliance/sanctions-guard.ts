import { complianceHoldDetail, type ComplianceHold } from '@loupe/contracts';
import { ConflictWithFields } from '../../kernel/http-errors';
import type { SanctionsRepository } from './sanctions-repository';

/**
 * The sanctions hold (issue 25 item 2): a client with a possible match not yet decided, or a match the
 * nominated officer confirmed, may not buy, sell, or pay or be paid — making funds or economic resources
 * available to a designated person is an offence under the asset-freeze regulations made under the Sanctions
 * and Anti-Money Laundering Act 2018 (e.g. the Russia (Sanctions) (EU Exit) Regulations 2019, regs. 11-15).
 *
 * The reason, for a writer about to save a sale, purchase or payment for the client, or null when the client
 * is not held. Worded as a compliance hold (complianceHoldDetail): never "sanctions" (no tipping off, POCA
 * 2002 s.333A). client-guard.ts (guardClient) calls it for every such writer.
 */
export async function sanctionsHold(
  repos: { sanctions: SanctionsRepository },
  shopId: number,
  clientId: number,
): Promise<ComplianceHold | null> {
  const name = await repos.sanctions.heldName(shopId, clientId);
  if (name === null) return null;
  return { detail: complianceHoldDetail(name), rule: 'compliance_hold', clientId };
}

/** The 409 of a held client: its body is the ComplianceHold as is. */
export class ComplianceHeld extends ConflictWithFields {
  constructor(readonly hold: ComplianceHold) {
    super(hold);
    this.name = 'ComplianceHeld';
  }
}

/** Throws the 409 when the client is held; for writers that call the hold directly. */
export async function requireNoSanctionsHold(
  repos: { sanctions: SanctionsRepository },
  shopId: number,
  clientId: number,
): Promise<void> {
  const hold = await sanctionsHold(repos, shopId, clientId);
  if (hold) throw new ComplianceHeld(hold);
}
