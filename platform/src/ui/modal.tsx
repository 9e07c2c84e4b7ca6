import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from './button';
import { ActionsRow } from './form-actions';

const Dialog = styled.dialog`
  /* The padding lives on Body, so a press whose target is the <dialog> itself is on its backdrop or scrollbar. */
  padding: 0;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  width: min(560px, calc(100% - ${({ theme }) => theme.space(8)}));
  max-width: none;
  max-height: 90vh;
  overflow: auto;
  &::backdrop {
    background: rgba(0, 0, 0, 0.55);
  }
  h2 {
    margin-top: 0;
  }
  /* A form's actions (Confirm Sale, Save) stay in view at the foot of the dialog while its fields scroll
     under them, at 1280×800 as on a phone; they scroll with the rest only once the form's end is reached. */
  ${ActionsRow} {
    position: sticky;
    bottom: 0;
    z-index: 1;
    margin-bottom: 0;
    padding: ${({ theme }) => theme.space(3)} 0;
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space(5)};
`;

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** What Tab can reach inside `root`, in document order (jsdom has no layout, so it skips only [hidden]). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[hidden], [inert]') &&
      (typeof element.checkVisibility !== 'function' ||
        element.checkVisibility({ visibilityProperty: true })),
  );
}

const FIELDS = [
  'input:not([disabled]):not([type="hidden"]):not([readonly])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
].join(',');

/**
 * Where focus starts: a control marked `data-autofocus`, else the first field (what the user came to fill in:
 * the Sell dialog's price), else the dialog itself, so that a dialog of text and buttons is read from its title
 * and no button (Confirm, Void) is one Enter away. The title still names the dialog to a screen reader, which
 * announces it (aria-labelledby) as focus enters.
 */
function initialFocus(dialog: HTMLDialogElement): HTMLElement {
  const visible = tabbables(dialog);
  const marked = visible.find((element) => element.matches('[data-autofocus]'));
  return marked ?? visible.find((element) => element.matches(FIELDS)) ?? dialog;
}

/** Can `element` take focus now (still on the page, not disabled, not hidden)? */
function focusable(element: HTMLElement | null | undefined): element is HTMLElement {
  return (
    !!element &&
    element.isConnected &&
    !(element as HTMLButtonElement).disabled &&
    !element.closest('[hidden], [inert]')
  );
}

/**
 * The page's heading (the main region's h1, else the first h1 outside any dialog), made focusable from script
 * only: where focus goes when what opened a dialog is gone.
 */
export function pageHeading(): HTMLElement | null {
  const heading =
    document.querySelector<HTMLElement>('main h1') ??
    Array.from(document.querySelectorAll<HTMLElement>('h1')).find((h) => !h.closest('dialog')) ??
    null;
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/** Modal dialogs open now: the page behind scrolls again only when the last one closes. */
let scrollLocks = 0;
let bodyOverflow = '';

function lockScroll(): () => void {
  if (scrollLocks === 0) {
    bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = bodyOverflow;
  };
}

/** Keeps Tab and Shift+Tab inside `dialog`, wrapping round at either end. */
function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const list = tabbables(dialog);
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !list.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || (outside && active !== dialog))) {
    event.preventDefault();
    first.focus();
  }
}

/** A press on the backdrop targets the <dialog> itself; so does one on its own scrollbar, which lies inside. */
function onBackdrop(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  const inside =
    event.clientX >= box.left &&
    event.clientX <= box.right &&
    event.clientY >= box.top &&
    event.clientY <= box.bottom;
  return !inside;
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** What the closing button says: a confirmation names it Cancel (default Close). */
  closeLabel?: string;
  /**
   * Where focus goes when it closes: the control that opened it ('opener', the default), or the page's
   * heading ('heading') for a dialog whose work takes its opener away (a sale: the row's Sell is disabled or
   * the row leaves the list). When the opener can no longer take focus and the owner has put it nowhere, the
   * heading takes it rather than leaving it on the page's body.
   */
  returnFocus?: 'opener' | 'heading';
}

/**
 * A modal dialog on the native `<dialog>` element opened with showModal(), so the browser puts it in the top
 * layer and makes the page behind inert (neither clickable nor reachable by a screen reader's virtual cursor).
 * On top of that: Tab and Shift+Tab cycle inside it (Chromium would otherwise move on to its own toolbar),
 * Escape, the Close button and a click on the backdrop ask the owner to close it (the owner decides, since
 * `open` is its state), the page behind does not scroll, focus starts on the first field (initialFocus) and
 * returns to whatever opened it (or the page's heading, see `returnFocus`). A form's actions stay in view
 * while the rest scrolls.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  closeLabel = 'Close',
  returnFocus = 'opener',
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus(dialog).focus();
    const unlockScroll = lockScroll();

    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Chromium closes without `cancel` on a second Escape with no user activation in between; the owner's
    // state must follow then too.
    const onNativeClose = () => onCloseRef.current();
    const onKeyDown = (event: KeyboardEvent) => trapTab(dialog, event);
    const onMouseDown = (event: MouseEvent) => {
      if (onBackdrop(dialog, event)) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('mousedown', onMouseDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('mousedown', onMouseDown);
      if (dialog.open) dialog.close();
      unlockScroll();
      const heading = () => (pageHeading() ?? document.getElementById('main'))?.focus();
      if (returnFocusRef.current === 'heading') heading();
      else if (focusable(opener)) opener.focus();
      else {
        // The opener is gone or disabled. Its owner may put focus somewhere better in its own effects (which
        // run after this); only if it has not, once they have run, does the heading take it from the body.
        setTimeout(() => {
          const active = document.activeElement;
          if (active === null || active === document.body) heading();
        }, 0);
      }
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Dialog ref={dialogRef} aria-labelledby={titleId} aria-modal="true" tabIndex={-1}>
      <Body>
        <h2 id={titleId}>{title}</h2>
        {children}
        <Button variant="secondary" onClick={onClose}>
          {closeLabel}
        </Button>
      </Body>
    </Dialog>,
    document.body,
  );
}
