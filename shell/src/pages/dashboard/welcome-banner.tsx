import { useState } from 'react';
import styled from 'styled-components';
import { Button, useAuth } from '@loupe/platform';

export const WELCOME_DISMISSED_KEY = 'welcomeDismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

const Banner = styled.section`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(5)}`};
  margin-bottom: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.15rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/** Shown until dismissed; the dismissal is kept under localStorage.welcomeDismissed (SPEC §4). */
export function WelcomeBanner() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(WELCOME_DISMISSED_KEY, 'true');
    } catch {
      // Storage can be refused (private browsing): the banner then stays away for this visit only.
    }
  };

  return (
    <Banner aria-labelledby="welcome-title">
      <div>
        <h2 id="welcome-title">Welcome{user ? `, ${user.first_name || user.username}` : ''}</h2>
        <p>Your stock, clients and sales at a glance.</p>
      </div>
      <Button variant="ghost" onClick={dismiss} aria-label="Dismiss welcome message">
        <span aria-hidden="true">✕</span>
      </Button>
    </Banner>
  );
}
