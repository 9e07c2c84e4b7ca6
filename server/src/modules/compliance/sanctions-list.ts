import { parse } from 'csv-parse/sync';

/**
 * Reading the UK sanctions list as published, in either of its two CSV shapes (documented in server/README.md,
 * "Sanctions screening"):
 *
 * - the OFSI Consolidated List of Financial Sanctions Targets (HM Treasury), ConList.csv: a "Last Updated,…"
 *   line, then the header (Name 6, Name 1 … Name 5, Title, Name Non-Latin Script, …, DOB, Town of Birth, Country
 *   of Birth, Nationality, …, Group Type, Alias Type, Alias Quality, Regime, Listed On, UK Sanctions List Date
 *   Designated, Last Updated, Group ID). One row per name: the rows of one Group ID are one designation.
 * - the UK Sanctions List (FCDO), which replaced the Consolidated List as the one source of UK designations on
 *   28 January 2026: a "Report Date: …" line, then the header (Last Updated, Unique ID, OFSI Group ID, UN
 *   Reference Number, Name 6, Name 1 … Name 5, Name type, Alias strength, Title, Name non-latin script, …, Regime
 *   Name, Designation Type, …, Date Designated, D.O.B, Nationality(/ies), …). Rows of one Unique ID are one
 *   designation.
 *
 * Columns are found by their header's name (case and spacing ignored), never by position, so a column added
 * by the publisher does not shift the others. CSV itself is read by csv-parse (maintained, Node >= 14): names
 * hold commas and quotes.
 */

export type ListFormat = 'ofsi_consolidated' | 'uk_sanctions_list';

export interface ListedName {
  name: string;
  /** "Primary name", "Alias", "Primary Name Variation", "Non-Latin script" … as the list says. */
  type: string;
}

export interface Designation {
  listId: string;
  groupType: string;
  regime: string;
  dob: string;
  nationality: string;
  listedOn: string;
  names: ListedName[];
}

export interface ParsedList {
  format: ListFormat;
  listDate: string;
  rows: number;
  designations: Designation[];
}

/** A file that is not the list: the import refuses it and changes nothing. */
export class SanctionsListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SanctionsListError';
  }
}

const key = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Each format's columns, by the header names it uses (alternatives in order of preference). */
const COLUMNS: Record<ListFormat, Record<string, readonly string[]>> = {
  ofsi_consolidated: {
    id: ['group id'],
    groupType: ['group type'],
    nameType: ['alias type'],
    nonLatin: ['name non-latin script'],
    regime: ['regime'],
    dob: ['dob'],
    nationality: ['nationality'],
    listedOn: ['uk sanctions list date designated', 'listed on'],
  },
  uk_sanctions_list: {
    id: ['unique id'],
    groupType: ['designation type', 'individual, entity, ship'],
    nameType: ['name type'],
    nonLatin: ['name non-latin script'],
    regime: ['regime name'],
    dob: ['d.o.b', 'dob'],
    nationality: ['nationality(/ies)', 'nationality'],
    listedOn: ['date designated'],
  },
};

const NAME_PARTS = ['name 1', 'name 2', 'name 3', 'name 4', 'name 5', 'name 6'];

function formatOf(header: readonly string[]): ListFormat | null {
  const keys = new Set(header.map(key));
  if (!NAME_PARTS.every((p) => keys.has(p))) return null;
  if (keys.has('unique id')) return 'uk_sanctions_list';
  if (keys.has('group id')) return 'ofsi_consolidated';
  return null;
}

/** Adds a value to a "; "-joined list of distinct values. */
function addDistinct(list: string, value: string): string {
  const v = value.trim();
  if (!v) return list;
  const parts = list ? list.split('; ') : [];
  return parts.includes(v) ? list : [...parts, v].join('; ');
}

/**
 * The designations of a published list file (its bytes, UTF-8, with or without a byte order mark). Throws
 * SanctionsListError when the file is neither shape, or holds no designation.
 */
export function parseSanctionsList(text: string): ParsedList {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
    }) as string[][];
  } catch (error) {
    throw new SanctionsListError(`The file is not readable CSV: ${(error as Error).message}`);
  }
  // The header is within the first lines: a date line (or two) comes first.
  const headerAt = records.slice(0, 5).findIndex((r) => formatOf(r) !== null);
  if (headerAt < 0) {
    throw new SanctionsListError(
      'This is not the UK sanctions list: no header with Name 1 … Name 6 and Group ID (OFSI Consolidated List) ' +
        'or Unique ID (UK Sanctions List) in its first lines.',
    );
  }
  const header = records[headerAt] as string[];
  const format = formatOf(header) as ListFormat;
  const listDate = records
    .slice(0, headerAt)
    .map((r) => r.filter((c) => c.trim()).join(' '))
    .join(' ')
    .trim()
    .slice(0, 60);
  const index = new Map(header.map((h, i) => [key(h), i] as const));
  const col = (name: string): number | undefined => {
    for (const alt of COLUMNS[format][name] ?? []) {
      const i = index.get(alt);
      if (i !== undefined) return i;
    }
    return undefined;
  };
  const at = (row: string[], i: number | undefined) => (i === undefined ? '' : (row[i] ?? '').trim());
  const parts = NAME_PARTS.map((p) => index.get(p) as number);
  const [idCol, typeCol, nameTypeCol, nonLatinCol] = [
    col('id'),
    col('groupType'),
    col('nameType'),
    col('nonLatin'),
  ];
  const [regimeCol, dobCol, nationalityCol, listedOnCol] = [
    col('regime'),
    col('dob'),
    col('nationality'),
    col('listedOn'),
  ];

  const byId = new Map<string, Designation>();
  const rows = records.slice(headerAt + 1);
  for (const row of rows) {
    const listId = at(row, idCol);
    if (!listId) continue;
    let d = byId.get(listId);
    if (!d) {
      d = { listId, groupType: '', regime: '', dob: '', nationality: '', listedOn: '', names: [] };
      byId.set(listId, d);
    }
    d.groupType ||= at(row, typeCol);
    d.regime = addDistinct(d.regime, at(row, regimeCol));
    d.dob = addDistinct(d.dob, at(row, dobCol));
    d.nationality = addDistinct(d.nationality, at(row, nationalityCol));
    d.listedOn ||= at(row, listedOnCol);
    // Given names (Name 1 … 5) then the family name or the entity's name (Name 6), as a person says them.
    const name = parts
      .map((i) => at(row, i))
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ');
    const type = at(row, nameTypeCol) || 'Name';
    if (name && !d.names.some((n) => n.name === name)) d.names.push({ name, type });
    const nonLatin = at(row, nonLatinCol);
    if (nonLatin && !d.names.some((n) => n.name === nonLatin))
      d.names.push({ name: nonLatin, type: 'Non-Latin script' });
  }
  const designations = [...byId.values()].filter((d) => d.names.length > 0);
  if (designations.length === 0) throw new SanctionsListError('The file holds no designation.');
  return { format, listDate, rows: rows.length, designations };
}
