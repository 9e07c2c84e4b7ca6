import Bowser from 'bowser';
import { withoutRefusedCharacters } from '@loupe/contracts';

export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * A session's device as a person recognises it: "Chrome 142 on Linux", "Safari 18 on iOS". Only the major
 * version: the rest changes with every update and tells two sessions apart no better.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return UNKNOWN_DEVICE;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    // Bowser throws on what it cannot read at all; such a client is simply not named.
    return UNKNOWN_DEVICE;
  }
  const major = parsed.browser.version?.split('.')[0];
  // An unknown browser is named by its User-Agent's first word, which the client chooses: it is shown to the
  // user, so it keeps no control or invisible character (a header's text may hold C1 controls and soft hyphens).
  const name = withoutRefusedCharacters(parsed.browser.name ?? '').trim();
  const browser = name ? [name, major].filter(Boolean).join(' ') : '';
  const os = withoutRefusedCharacters(parsed.os.name ?? '').trim();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || UNKNOWN_DEVICE;
}
