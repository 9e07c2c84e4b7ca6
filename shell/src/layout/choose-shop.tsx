import styled from 'styled-components';
import { Button, PageHeader, useAuth, usePageTitle } from '@loupe/platform';
import { useShopSwitch } from './shop-switch';

export const CHOOSE_SHOP = 'Choose a shop to work in';

const Choices = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * In place of a screen when the session works in no shop although the user belongs to some (they were removed
 * from the one they were working in): every screen's data is a shop's, so the user picks one first.
 */
export function ChooseShop() {
  usePageTitle(CHOOSE_SHOP);
  const { shops } = useAuth();
  const { switchTo, pending } = useShopSwitch();
  return (
    <section>
      <PageHeader title={CHOOSE_SHOP} />
      <Choices aria-label="Your shops">
        {shops.map((membership) => (
          <li key={membership.id}>
            <Button variant="secondary" disabled={pending} onClick={() => void switchTo(membership.id)}>
              {`${membership.name} · ${membership.role}`}
            </Button>
          </li>
        ))}
      </Choices>
    </section>
  );
}
