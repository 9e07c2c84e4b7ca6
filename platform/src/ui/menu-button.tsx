import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { menuKeys } from './menu-keys';

/** One entry of a {@link MenuButton}: its name, whether it is allowed now, and what it does. */
export interface MenuAction {
  key: string;
  label: string;
  disabled?: boolean;
  onSelect(): void;
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 32px;
  min-height: 30px;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
`;

/*
 * Fixed to the window, placed from the button's position when it opens: the menu sits in a table whose box
 * scrolls (or clips), which would otherwise cut it off at the last rows.
 */
const Menu = styled.ul`
  position: fixed;
  z-index: 950;
  min-width: 160px;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Item = styled.button`
  display: block;
  width: 100%;
  min-height: 36px;
  padding: 6px 12px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled),
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

type Place = { top?: number; bottom?: number; right: number };

/** Below the button, right edges aligned; above it when the window has no room below. */
function placeFor(button: HTMLElement, entries: number): Place {
  const rect = button.getBoundingClientRect();
  const right = Math.max(4, window.innerWidth - rect.right);
  const height = entries * 36 + 16;
  return window.innerHeight - rect.bottom < height + 8 && rect.top > height + 8
    ? { bottom: window.innerHeight - rect.top + 4, right }
    : { top: rect.bottom + 4, right };
}

export interface MenuButtonProps {
  /** What the button shows: a word ("More") or a glyph hidden from assistive technology ("⋯"). */
  children: ReactNode;
  /** Its full name for assistive technology, starting with any word it shows ("More actions for X1"). */
  label: string;
  actions: readonly MenuAction[];
}

/**
 * A button that opens a short menu of actions (the WAI-ARIA menu-button pattern): Enter, Space or ArrowDown
 * opens it on the first allowed entry, ArrowUp on the last, arrows/Home/End move, Escape closes it and
 * returns focus to the button, Tab and a click outside close it. Choosing an entry gives the focus back to the
 * button first, so a dialog the entry opens returns there when it closes.
 */
export function MenuButton({ children, label, actions }: MenuButtonProps) {
  const [place, setPlace] = useState<Place | null>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const open = place !== null;

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [],
    );

  const close = useCallback((restoreFocus: boolean) => {
    setPlace(null);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  const openWith = (focus: 'first' | 'last' | null) => {
    if (!buttonRef.current) return;
    focusOnOpen.current = focus;
    setPlace(placeFor(buttonRef.current, actions.length));
  };

  useLayoutEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    if (target) {
      const list = items();
      (target === 'first' ? list[0] : list[list.length - 1])?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // The menu is placed once; a scroll or a resize would leave it beside the wrong row.
    const onMove = (event: Event) => {
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, close]);

  const { onButtonKeyDown, onMenuKeyDown } = menuKeys({ open, openWith, close, items });

  return (
    <>
      <Trigger
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // A pointer toggles; the keyboard's Enter and Space are handled in onKeyDown (they open on an entry).
        onClick={(event) => {
          if (event.detail === 0) return;
          if (open) close(false);
          else openWith(null);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </Trigger>
      {open ? (
        <Menu
          id={menuId}
          role="menu"
          aria-label={label}
          ref={menuRef}
          onKeyDown={onMenuKeyDown}
          style={place}
        >
          {actions.map((action) => (
            <li key={action.key} role="none">
              <Item
                type="button"
                role="menuitem"
                disabled={action.disabled}
                onClick={() => {
                  close(true);
                  action.onSelect();
                }}
              >
                {action.label}
              </Item>
            </li>
          ))}
        </Menu>
      ) : null}
    </>
  );
}
