/**
 * A record id read from the URL (`/inventory/edit/7`, `?client=4`), or null when the text is not one. The
 * query cache keys records by number, so a route's '7' and a list row's 7 are one entry.
 */
export function idParam(text: string | null | undefined): number | null {
  return text && /^\d+$/.test(text) ? Number(text) : null;
}
