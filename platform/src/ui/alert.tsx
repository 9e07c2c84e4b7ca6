import type { ReactNode } from 'react';
import styled from 'styled-components';

export type AlertTone = 'error' | 'success' | 'info';

const Box = styled.div<{ $tone: AlertTone }>`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid
    ${({ theme, $tone }) =>
      $tone === 'error'
        ? theme.colors.danger
        : $tone === 'success'
          ? theme.colors.success
          : theme.colors.border};
  color: ${({ theme, $tone }) =>
    $tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** Errors are announced at once (role="alert"); confirmations politely (role="status"). */
export function Alert({ tone = 'error', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} $tone={tone}>
      {children}
    </Box>
  );
}
