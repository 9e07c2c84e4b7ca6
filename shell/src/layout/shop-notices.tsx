import styled from 'styled-components';
import { Alert, Button, useAuth } from '@loupe/platform';
import { useShopSwitch } from './shop-switch';

export const MUST_CHANGE_PASSWORD = 'Your password was set for you: choose a new one to continue.';

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  p {
    flex: 1 1 16rem;
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * What the layout says above every screen about the session itself: a switch or dismissal the server refused,
 * and one notice per membership someone else granted and the user has not seen yet. Being added never changes
 * the shop they work in; the notice is how they learn of it, and Switch is how they go there.
 */
export function ShopNotices() {
  const { shop, shops } = useAuth();
  const { switchTo, dismissNotice, error, pending } = useShopSwitch();
  const unseen = shops.filter((membership) => membership.is_new);
  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      {unseen.map((membership) => (
        <Notice key={membership.id} role="status">
          <p>{`You were added to ${membership.name} as ${membership.role}.`}</p>
          <Actions>
            {membership.id === shop?.id ? null : (
              <Button disabled={pending} onClick={() => void switchTo(membership.id)}>
                {`Switch to ${membership.name}`}
              </Button>
            )}
            <Button variant="secondary" disabled={pending} onClick={() => void dismissNotice(membership.id)}>
              Dismiss
            </Button>
          </Actions>
        </Notice>
      ))}
    </>
  );
}
