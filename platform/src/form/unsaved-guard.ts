import { useEffect, useRef } from 'react';

/** What a person is asked before a form with unsaved changes is left. */
export const LEAVE_UNSAVED = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before a dirty form is left (issue 21 item 5): closing or reloading the tab (the browser's own
 * `beforeunload` prompt) and following any link of the app (the sidebar, the top bar, a row's link), which is
 * asked with LEAVE_UNSAVED and stays put unless the person agrees.
 *
 * Why not react-router's `useBlocker`: it works only under a data router (`createBrowserRouter`), and the shell
 * renders a `<BrowserRouter>`, whose remotes would throw "useBlocker must be used within a data router". Every
 * in-app way off a form is a link (NavLink, Link, the logo), so a capture-phase click listener on the document
 * sees them first; the form's own Cancel asks through `confirmLeave`.
 */
export function useUnsavedChangesGuard(dirty: boolean): { confirmLeave(): boolean } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome still wants returnValue set to show its prompt.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      // A new tab or window leaves this one as it is.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        anchor.target === '_blank' ||
        anchor.hasAttribute('download')
      )
        return;
      const to = new URL(anchor.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (!window.confirm(LEAVE_UNSAVED)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  return {
    confirmLeave: () => !dirtyRef.current || window.confirm(LEAVE_UNSAVED),
  };
}
