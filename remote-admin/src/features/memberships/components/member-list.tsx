import type { Membership } from '@loupe/contracts';
import { Alert, Spinner } from '@loupe/platform';
import styled from 'styled-components';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
`;

const Status = styled.span<{ $active: boolean }>`
  color: ${({ theme, $active }) => ($active ? theme.colors.success : theme.colors.muted)};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

interface MemberListProps {
  /** The list query's status: `pending` until its first answer. */
  status: 'pending' | 'error' | 'success';
  members: Membership[] | undefined;
  /** Accessible name of the list, e.g. "Gold members". */
  label: string;
  emptyText: string;
  failedText: string;
  statusText(active: boolean): string;
}

export function MemberList({ status, members, label, emptyText, failedText, statusText }: MemberListProps) {
  if (status === 'pending') return <Spinner />;
  if (status === 'error' || !members) return <Alert>{failedText}</Alert>;
  if (members.length === 0) return <Empty>{emptyText}</Empty>;
  return (
    <List aria-label={label}>
      {members.map((member) => (
        <li key={member.id}>
          <span>User #{member.user}</span> <span aria-hidden="true">—</span>{' '}
          <Status $active={member.active}>{statusText(member.active)}</Status>
        </li>
      ))}
    </List>
  );
}
