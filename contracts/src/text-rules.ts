// The text rule every field a client sends keeps (textProblem). Plain functions, no schema builder, so the
// browser's view of the contracts (browser.ts) may use them too; common.ts re-exports them for the schemas.

/**
 * What a text field is: one line (a name, a serial, an e-mail, a search), several (a note, a description, an
 * address), or a secret (a password, which is never shown, only compared).
 */
export type TextKind = 'line' | 'multiline' | 'secret';

/**
 * What is wrong with a text: a NUL (PostgreSQL's text cannot hold one at all), another control character,
 * or an invisible one.
 */
export type TextProblem = 'null' | 'control' | 'invisible';

const BREAKS_AT_ENDS = /^[\t\n\r]+|[\t\n\r]+$/g;
/** C0 (tab, newline and carriage return included), DEL, C1, and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** C0 but tab, newline and carriage return; DEL and C1. */
// eslint-disable-next-line no-control-regex
const MULTILINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
/** C0 and DEL only: what a password always refused (a stored one may hold anything else). */
// eslint-disable-next-line no-control-regex
const SECRET_CONTROL = /[\u0000-\u001f\u007f]/u;
/**
 * Unicode's format characters (category Cf): zero-width spaces and joiners, the byte order mark, soft hyphens,
 * the bidirectional embeddings, overrides and isolates, invisible tags… Drawn as nothing, they make two names
 * look alike that are not, or a serial read backwards on screen.
 */
const FORMAT = /\p{Cf}/u;
/** The bidirectional embeddings, overrides and isolates: they reorder what follows them on screen. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

const RULES: Record<TextKind, { control: RegExp; invisible: RegExp | null; endsTrimmed: boolean }> = {
  line: { control: LINE_CONTROL, invisible: FORMAT, endsTrimmed: true },
  multiline: { control: MULTILINE_CONTROL, invisible: BIDI_CONTROL, endsTrimmed: false },
  secret: { control: SECRET_CONTROL, invisible: null, endsTrimmed: true },
};

/**
 * The one rule for text a client sends, or null when the text keeps it. No text holds a NUL, a C0 control
 * but tab, newline and carriage return, DEL or a C1 control: they hide in logs, CSV exports and screens.
 *
 * - A single-line field keeps none of those, no line or paragraph separator, and no invisible (Cf)
 *   character either, since a name or a serial must read as what it is. It still lets tabs and line breaks
 *   stand at its ends, which the server trims as DRF does: a barcode scanner or a paste from a spreadsheet
 *   ends a serial with a Tab or a newline, and refusing that would fail a dealer's scan.
 * - A multi-line field keeps tabs and line breaks anywhere, and refuses the bidirectional overrides that
 *   would reorder its lines on screen.
 * - A secret only refuses the C0 controls and DEL, as it always did: it is never shown, and a password set
 *   before this rule must still sign in.
 */
export function textProblem(value: string, kind: TextKind = 'line'): TextProblem | null {
  if (value.includes('\u0000')) return 'null';
  const rule = RULES[kind];
  const body = rule.endsTrimmed ? value.replace(BREAKS_AT_ENDS, '') : value;
  if (rule.control.test(body)) return 'control';
  if (rule.invisible?.test(body)) return 'invisible';
  return null;
}

/**
 * The text with every character a single-line field refuses left out: for text shown back that nobody typed
 * into a form (an uploaded file's name, a browser's name from its User-Agent), cleaned rather than refused.
 */
export function withoutRefusedCharacters(value: string): string {
  return Array.from(value)
    .filter((character) => textProblem(`x${character}x`) === null)
    .join('');
}
