import Bowser from 'bowser';

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
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : '';
  const os = parsed.os.name ?? '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || UNKNOWN_DEVICE;
}
