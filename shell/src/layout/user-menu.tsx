import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth, useCan, useThemeMode } from '@loupe/platform';
import { menuKeys } from '@loupe/platform/src/ui/menu-keys';
import { userMenuLinksFor } from './nav-items';
import { useShopSwitch } from './shop-switch';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0;
  min-height: 40px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  line-height: 1.2;
  cursor: pointer;
  small {
    color: ${({ theme }) => theme.colors.muted};
    text-transform: capitalize;
  }
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  z-index: 950;
  min-width: 220px;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const itemStyle = `
  display: block;
  width: 100%;
  text-align: left;
  padding: 8px 12px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  font: inherit;
  text-decoration: none;
  cursor: pointer;
`;

const ItemLink = styled(Link)`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const ItemButton = styled.button`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const ShopGroup = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  /* The group's name for sighted users; assistive technology reads aria-label. */
  &::before {
    content: 'Shop';
    display: block;
    padding: 4px 12px;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Check = styled.span`
  display: inline-block;
  width: 1.25em;
`;

const Separator = styled.li`
  height: 1px;
  margin: 4px 0;
  background: ${({ theme }) => theme.colors.divider};
`;

/** Every entry the arrow keys move through, whatever kind of menu item it is. */
const ITEMS = '[role="menuitem"], [role="menuitemradio"]';

/**
 * The account menu, following the WAI-ARIA menu-button pattern: Enter, Space or ArrowDown opens it on the
 * first entry, arrows/Home/End move, Escape closes it and returns focus to the button, Tab leaves it.
 */
export function UserMenu() {
  const { user, role, shop, shops, logout } = useAuth();
  const may = useCan();
  const { switchTo } = useShopSwitch();
  const { mode, toggleMode } = useThemeMode();
  const shopNoteId = useId();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    if (target) {
      const list = items();
      (target === 'first' ? list[0] : list[list.length - 1])?.focus();
    }
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const { onButtonKeyDown, onMenuKeyDown } = menuKeys({ open, openWith, close, items });

  if (!user) return null;

  const entry = (key: string, node: ReactNode) => (
    <li key={key} role="none">
      {node}
    </li>
  );

  return (
    <Wrapper ref={wrapperRef}>
      <Trigger
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // Mouse users toggle with a click; keyboard activation is handled in onKeyDown (which opens on an item).
        onClick={(event) => {
          if (event.detail === 0) return;
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        aria-describedby={shop ? shopNoteId : undefined}
      >
        <span>{user.username}</span>
        <small>{role ?? 'no role'}</small>
        {/* Who works in several shops must see which one a Sell goes to; the description says it to a screen reader. */}
        {shop && shops.length > 1 ? <small aria-hidden="true">{shop.name}</small> : null}
      </Trigger>
      {shop ? (
        <span id={shopNoteId} hidden>
          {`Working in ${shop.name}`}
        </span>
      ) : null}
      {open ? (
        <Menu id={menuId} role="menu" aria-label="Account" ref={menuRef} onKeyDown={onMenuKeyDown}>
          {shops.length > 1 ? (
            <>
              <li role="none">
                <ShopGroup role="group" aria-label="Shop">
                  {shops.map((membership) => {
                    const active = membership.id === shop?.id;
                    return entry(
                      `shop-${membership.id}`,
                      <ItemButton
                        type="button"
                        role="menuitemradio"
                        aria-checked={active}
                        tabIndex={-1}
                        onClick={() => {
                          close(true);
                          if (!active) void switchTo(membership.id);
                        }}
                      >
                        <Check aria-hidden="true">{active ? '✓' : ''}</Check>
                        {`${membership.name} · ${membership.role}`}
                      </ItemButton>,
                    );
                  })}
                </ShopGroup>
              </li>
              <Separator role="separator" />
            </>
          ) : null}
          {/* The screens the shell and the remotes declare for this menu (their menus.json), Settings last. */}
          {userMenuLinksFor(may).map((link) =>
            entry(
              link.to,
              <ItemLink role="menuitem" tabIndex={-1} to={link.to} onClick={() => close(false)}>
                {link.label}
              </ItemLink>,
            ),
          )}
          <Separator role="separator" />
          {entry(
            'theme',
            <ItemButton type="button" role="menuitem" tabIndex={-1} onClick={toggleMode}>
              {mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
            </ItemButton>,
          )}
          {entry(
            'sign-out',
            <ItemButton
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                void logout();
              }}
            >
              Sign out
            </ItemButton>,
          )}
        </Menu>
      ) : null}
    </Wrapper>
  );
}
