import { useAuth } from '@loupe/platform';
import styled from 'styled-components';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.muted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * Members are added by their numeric user ID (SPEC §2, management screens), so people need a place to find
 * theirs and pass it on to the shop's owner.
 */
export function UserIdNote() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Note>
      <strong>Your user ID: {user.id}</strong>. Give this number to your shop&apos;s owner (or a gold member)
      to be added to the shop.
    </Note>
  );
}
