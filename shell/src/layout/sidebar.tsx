import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useCan } from '@loupe/platform';
import { isGroup, navEntriesFor, type NavLinkItem } from './nav-items';

export const SIDEBAR_ID = 'app-sidebar';

const Aside = styled.aside<{ $open: boolean }>`
  /* Issue 21: narrow enough that a stock list's table fits beside it at 1280 × 800. */
  width: 216px;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.divider};
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(3)}`};

  /* Below md the sidebar is a drawer over the content; closed, it is also out of the tab order. */
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    position: fixed;
    top: var(--top-bar-height, 56px);
    bottom: 0;
    left: 0;
    z-index: 800;
    box-shadow: ${({ theme }) => theme.shadow};
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
    transition:
      transform 0.2s ease,
      visibility 0.2s;
    @media (prefers-reduced-motion: reduce) {
      transition: none;
    }
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  ul {
    list-style: none;
    margin: 0 0 ${({ theme }) => theme.space(2)};
    padding: 0 0 0 ${({ theme }) => theme.space(3)};
  }
`;

const GroupLabel = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Item = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

function Link({ item }: { item: NavLinkItem }) {
  return (
    <li>
      <Item to={item.to}>{item.label}</Item>
    </li>
  );
}

function Group({ label, items }: { label: string; items: readonly NavLinkItem[] }) {
  const id = useId();
  return (
    <li>
      <GroupLabel id={id}>{label}</GroupLabel>
      <ul aria-labelledby={id}>
        {items.map((item) => (
          <Link key={item.to} item={item} />
        ))}
      </ul>
    </li>
  );
}

export function Sidebar({ open }: { open: boolean }) {
  const may = useCan();
  return (
    <Aside id={SIDEBAR_ID} $open={open} data-open={open}>
      <nav aria-label="Main">
        <List>
          {navEntriesFor(may).map((entry) =>
            isGroup(entry) ? <Group key={entry.label} {...entry} /> : <Link key={entry.to} item={entry} />,
          )}
        </List>
      </nav>
    </Aside>
  );
}
