import { useEffect } from 'react';

/** The product's name, after the page's own in every document title. */
export const APP_TITLE = 'Loupe';

/** `Clients` → `Clients · Loupe`: the page first, so a tab strip or a screen reader tells pages apart. */
export function pageTitle(title: string): string {
  return title ? `${title} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * Titles the document after the route on screen while it is mounted. On unmount the title goes back to what
 * it was, so a route that sets none never keeps the previous route's (React runs the old route's cleanup
 * before the new route's effect).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
