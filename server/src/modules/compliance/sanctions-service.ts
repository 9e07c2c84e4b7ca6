import type { SanctionsDecision, SanctionsListed, SanctionsMatch } from '@loupe/contracts';
import { SANCTIONS_ALREADY_DECIDED, SANCTIONS_AUDIT_ENTITY } from '@loupe/contracts';
import type { ModuleContext } from '../../kernel/context';
import { conflict, notFound } from '../../kernel/http-errors';
import { parseSanctionsList, type Designation, type ListFormat } from './sanctions-list';
import { ScreeningList } from './sanctions-match';
import type { SanctionsRepository } from './sanctions-repository';
import type { SanctionsRepos } from './sanctions-deps';

/**
 * Sanctions screening (issue 25 item 2): the list's import, the screening of a client (at creation, on a name
 * change, and every client of every shop at each import) and the nominated officer's decisions. A possible
 * match holds the client (sanctions-guard.ts) until decided.
 *
 * Audit entries about a screening are written as entity 'sanctions_screening' and never carry a `clientId`
 * key, so they stay out of the client's History (no tipping off, POCA 2002 s.333A): the nominated officer's
 * review screen is where they are seen.
 */

let cached: { key: string; list: ScreeningList } | null = null;

/** The list in force, prepared for screening; rebuilt only when another import is in force. */
async function screeningList(sanctions: SanctionsRepository): Promise<ScreeningList | null> {
  const last = await sanctions.lastImport();
  if (!last) return null;
  const key = `${last.id}|${last.importedAt}|${last.fileName}|${last.designations}|${last.names}`;
  if (cached?.key !== key) cached = { key, list: new ScreeningList(await sanctions.designations()) };
  return cached.list;
}

const listedOf = (d: Designation): SanctionsListed => ({
  listId: d.listId,
  groupType: d.groupType,
  names: d.names,
  regime: d.regime,
  dob: d.dob,
  nationality: d.nationality,
  listedOn: d.listedOn,
});

export interface ScreenedClient {
  shopId: number;
  clientId: number;
  name: string;
  /** Who caused the screening (creating or renaming the client); null for an import. */
  userId: number | null;
  at: Date;
}

async function screenWith(
  { sanctions, audit }: SanctionsRepos,
  list: ScreeningList,
  client: ScreenedClient,
  importId: number | null,
): Promise<number> {
  let raised = 0;
  for (const match of list.screen(client.name)) {
    const listId = match.designation.listId;
    if (await sanctions.alreadyScreened(client.shopId, client.clientId, client.name, listId)) continue;
    const listed = listedOf(match.designation);
    const id = await sanctions.insertPossibleMatch({
      shopId: client.shopId,
      clientId: client.clientId,
      clientName: client.name,
      score: match.score,
      matchedName: match.matchedName,
      listed,
      importId,
      at: client.at,
    });
    await audit.record({
      shopId: client.shopId,
      userId: client.userId,
      entity: SANCTIONS_AUDIT_ENTITY,
      entityId: id,
      action: 'sanctions_possible_match',
      after: {
        screenedClient: { id: client.clientId, name: client.name },
        matchedName: match.matchedName,
        score: Number(match.score.toFixed(3)),
        listId,
        regime: listed.regime,
        hold: 'sales, purchases and payments held until the nominated officer decides',
      },
      at: client.at,
      recordName: `Compliance check ${id}`,
      clientId: null,
      itemId: null,
    });
    raised += 1;
  }
  return raised;
}

/**
 * Screens one client against the list in force, inside the writer's transaction (the client's creation or
 * renaming): each new possible match is recorded and audited, and from then on the client is held. Nothing
 * happens before the first import. The number of possible matches raised.
 */
export async function screenClient(repos: SanctionsRepos, client: ScreenedClient): Promise<number> {
  const list = await screeningList(repos.sanctions);
  if (!list) return 0;
  const last = await repos.sanctions.lastImport();
  return screenWith(repos, list, client, last?.id ?? null);
}

export interface ImportResult {
  importId: number;
  format: ListFormat;
  listDate: string;
  rows: number;
  designations: number;
  names: number;
  clientsScreened: number;
  possibleMatches: number;
}

/**
 * Imports a published list file: parses it (SanctionsListError when it is not the list: nothing changes), then
 * in ONE transaction replaces the list, records the import, screens every client of every shop against the
 * new list and audits the import on the system chain. A failure anywhere leaves the previous list in force.
 */
export async function importSanctionsList(
  ctx: Pick<ModuleContext<SanctionsRepos>, 'transaction'>,
  file: { name: string; text: string },
  at: Date,
): Promise<ImportResult> {
  const parsed = parseSanctionsList(file.text);
  const list = new ScreeningList(parsed.designations);
  return ctx.transaction(async (repos) => {
    const importId = await repos.sanctions.replaceList(
      {
        fileName: file.name,
        format: parsed.format,
        listDate: parsed.listDate,
        rows: parsed.rows,
        designations: parsed.designations.length,
        names: list.size,
        at,
      },
      parsed.designations,
    );
    const clients = await repos.sanctions.allClients();
    let possibleMatches = 0;
    for (const c of clients) {
      possibleMatches += await screenWith(
        repos,
        list,
        { shopId: c.shopId, clientId: c.id, name: c.name, userId: null, at },
        importId,
      );
    }
    await repos.sanctions.recordScreeningTotals(importId, clients.length, possibleMatches);
    await repos.audit.record({
      shopId: null,
      userId: null,
      entity: 'sanctions_list',
      entityId: importId,
      action: 'sanctions_import',
      after: {
        fileName: file.name,
        format: parsed.format,
        listDate: parsed.listDate,
        rows: parsed.rows,
        designations: parsed.designations.length,
        names: list.size,
        clientsScreened: clients.length,
        possibleMatches,
      },
      at,
      recordName: 'UK sanctions list',
    });
    return {
      importId,
      format: parsed.format,
      listDate: parsed.listDate,
      rows: parsed.rows,
      designations: parsed.designations.length,
      names: list.size,
      clientsScreened: clients.length,
      possibleMatches,
    };
  });
}

/**
 * The nominated officer's decision on a possible match: 'clear' (a false positive; the hold lifts unless
 * another match holds the client) or 'confirm' (a true match; the client stays held, and the officer reports
 * it to OFSI and freezes what the shop holds for them, as the asset-freeze regulations require). Audited; a
 * decided match is not decided again (409). The caller checked that they are the nominated officer.
 */
export async function decideMatch(
  repos: SanctionsRepos,
  caller: { shopId: number; userId: number },
  id: number,
  body: SanctionsDecision,
  at: Date,
): Promise<SanctionsMatch> {
  const current = await repos.sanctions.lockForDecision(caller.shopId, id);
  if (!current) throw notFound();
  if (current.status !== 'possible_match') throw conflict(SANCTIONS_ALREADY_DECIDED);
  const status = body.decision === 'clear' ? 'cleared' : 'confirmed';
  const note = (body.note ?? '').trim();
  const decided = await repos.sanctions.decide(caller.shopId, id, status, caller.userId, note, at);
  await repos.audit.record({
    shopId: caller.shopId,
    userId: caller.userId,
    entity: SANCTIONS_AUDIT_ENTITY,
    entityId: id,
    action: status === 'cleared' ? 'sanctions_cleared' : 'sanctions_confirmed',
    before: { status: current.status },
    after: {
      status,
      screenedClient: { id: current.clientId, name: current.clientName },
      matchedName: current.matchedName,
      listId: current.listed.listId,
      ...(note ? { note } : {}),
    },
    at,
    recordName: `Compliance check ${id}`,
    clientId: null,
    itemId: null,
  });
  const { shopId: _shop, ...match } = decided;
  return match;
}
