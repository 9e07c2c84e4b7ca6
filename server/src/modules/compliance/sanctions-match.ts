import { distance } from 'fastest-levenshtein';
import { transliterate } from 'transliteration';
import type { Designation } from './sanctions-list';

/**
 * Fuzzy matching of a client's name against the listed names (issue 25 item 2; the threshold and the method are
 * documented in server/README.md, "Sanctions screening").
 *
 * 1. Folding: `transliteration` (maintained, Node >= 20, no dependencies) turns Cyrillic, Arabic, Greek and
 *    accented Latin into plain Latin ("Александр" → "Aleksandr", "Müller" → "Muller"); then lower case, and
 *    anything but letters is a space. Honorifics (Mr, Dr …) are dropped.
 * 2. Spelling canon: the usual variants of romanised names are written one way (x → ks, ph → f, w → v, y and
 *    j → i, kh → h, c/q/ck → k, doubled letters once), so "Alexander", "Aleksandr" and "Александр" come close.
 * 3. Word order: the names are compared as sets of words, each word of the shorter name paired with its most
 *    similar unused word of the longer one, so "PETROV Aleksandr" and "Aleksandr Petrov" are the same name.
 * 4. Similarity of two words: 1 − Levenshtein distance / the longer word's length, computed by
 *    `fastest-levenshtein` (maintained, the fastest Levenshtein on npm, no dependencies). Levenshtein over
 *    Jaro-Winkler because romanised names differ by inserted and dropped letters (Aleksandr / Alexander),
 *    which edit distance counts as such, and a normalised edit distance is a threshold one can explain.
 *
 * The score is the mean similarity of the shorter name's words; a one-word name only matches a one-word
 * listed name (a client called "Ivanov" alone is not compared with every Ivanov). A score at or over
 * MATCH_THRESHOLD is a possible match, for the nominated officer to decide.
 */
export const MATCH_THRESHOLD = 0.85;

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'sir', 'dame', 'lord', 'lady', 'prof']);

function canon(word: string): string {
  return word
    .replace(/kh/g, 'h')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/[cq]/g, 'k')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** A name as the words compared: transliterated, lower case, letters only, spelling canon applied. */
export function nameWords(name: string): string[] {
  const latin = transliterate(name.normalize('NFKC')).toLowerCase();
  return latin
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0 && !HONORIFICS.has(w))
    .map(canon);
}

const wordSimilarity = (a: string, b: string) =>
  a === b ? 1 : 1 - distance(a, b) / Math.max(a.length, b.length);

/** The similarity (0..1) of two names given as words, regardless of word order. */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < Math.min(2, long.length)) return 0;
  // Pairs, most similar first, each word used once: a greedy assignment, exact for the few words of a name.
  const pairs: { i: number; j: number; s: number }[] = [];
  short.forEach((x, i) => long.forEach((y, j) => pairs.push({ i, j, s: wordSimilarity(x, y) })));
  pairs.sort((p, q) => q.s - p.s);
  const usedShort = new Set<number>();
  const usedLong = new Set<number>();
  let total = 0;
  for (const p of pairs) {
    if (usedShort.has(p.i) || usedLong.has(p.j)) continue;
    usedShort.add(p.i);
    usedLong.add(p.j);
    total += p.s;
  }
  return total / short.length;
}

export interface Candidate {
  designation: Designation;
  name: string;
  words: string[];
}

export interface Match {
  designation: Designation;
  matchedName: string;
  score: number;
}

/**
 * The list prepared for screening: every listed name as its words, with an index by each word's first two
 * letters, so a client is compared only with names sharing the start of a word with theirs (a match needs
 * most words alike; a name none of whose words starts like one of the client's cannot reach the threshold in
 * practice, and the index keeps screening every client of every shop at an import quick).
 */
export class ScreeningList {
  private readonly byPrefix = new Map<string, Candidate[]>();
  readonly size: number;

  constructor(designations: readonly Designation[]) {
    let size = 0;
    for (const designation of designations) {
      for (const { name } of designation.names) {
        const words = nameWords(name);
        if (words.length === 0) continue;
        size += 1;
        const candidate = { designation, name, words };
        for (const prefix of new Set(words.map((w) => w.slice(0, 2)))) {
          const list = this.byPrefix.get(prefix);
          if (list) list.push(candidate);
          else this.byPrefix.set(prefix, [candidate]);
        }
      }
    }
    this.size = size;
  }

  /** The designations a client's name possibly matches (best name of each), best first. */
  screen(clientName: string, threshold = MATCH_THRESHOLD): Match[] {
    const words = nameWords(clientName);
    if (words.length === 0) return [];
    const seen = new Set<Candidate>();
    const best = new Map<string, Match>();
    for (const prefix of new Set(words.map((w) => w.slice(0, 2)))) {
      for (const c of this.byPrefix.get(prefix) ?? []) {
        if (seen.has(c)) continue;
        seen.add(c);
        const score = nameSimilarity(words, c.words);
        if (score < threshold) continue;
        const prior = best.get(c.designation.listId);
        if (!prior || score > prior.score)
          best.set(c.designation.listId, { designation: c.designation, matchedName: c.name, score });
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }
}
