import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** A remote's screen may still be loading: wait this long for its heading, then leave focus where it is. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a client-side navigation (not on the first load, where the browser starts at the top of the document,
 * nor on the redirects that follow it before the person has pressed anything: `/` → `/dashboard`, or a
 * signed-out visitor sent to /login),
 * moves focus to the new screen's h1 inside `main`, so that a screen reader announces the page it arrived on
 * and the next Tab starts from its content, as after a full page load. A remote's screen renders after its
 * code arrives, so the heading is awaited. A screen that already moved focus into itself (a field it
 * focuses) keeps it.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    document.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('pointerdown', mark, { capture: true });
      document.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    const moved = previous.current !== null && previous.current !== pathname;
    previous.current = pathname;
    const root = main.current;
    if (!moved || !interacted.current || !root) return;

    const tryFocus = (): boolean => {
      const active = document.activeElement;
      if (active && active !== root && root.contains(active)) return true;
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      // Focusable by script only: a heading is no stop for Tab.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      return true;
    };
    if (tryFocus()) return;

    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
