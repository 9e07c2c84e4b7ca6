import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SearchBox } from './search-box';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 850;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  height: var(--top-bar-height, 56px);
  padding: 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  /* A phone: the search box wraps to a second row of its own (search-box.tsx). */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    flex-wrap: wrap;
    align-content: center;
    row-gap: ${({ theme }) => theme.space(2)};
  }
`;

const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.2rem;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
`;

const Toggle = styled.button`
  display: none;
  width: 40px;
  height: 40px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.2rem;
  cursor: pointer;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
`;

const Spacer = styled.div`
  margin-left: auto;
`;

export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  return (
    <Header data-testid="top-bar">
      <Toggle
        type="button"
        aria-controls={SIDEBAR_ID}
        aria-expanded={drawerOpen}
        aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
        onClick={onToggleDrawer}
      >
        <span aria-hidden="true">{drawerOpen ? '✕' : '☰'}</span>
      </Toggle>
      <Logo to="/dashboard" aria-label="Loupe dashboard">
        Loupe
      </Logo>
      <SearchBox />
      <Spacer />
      <UserMenu />
    </Header>
  );
}
