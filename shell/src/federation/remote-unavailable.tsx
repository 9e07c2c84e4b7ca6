import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, Card } from '@loupe/platform';

const Box = styled(Card)`
  max-width: 560px;
  h2 {
    margin-top: 0;
  }
  /* Focus is moved here by script so assistive technology announces it; it is not a control to outline. */
  h2:focus {
    outline: none;
  }
  p {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/**
 * What a remote's area shows when its code could not be loaded or its page failed: the rest of the app is
 * untouched, and Retry loads the remote afresh.
 */
export function RemoteUnavailable({ title, onRetry }: { title: string; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the explanation instead of on a silently empty page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box role="alert" aria-live="assertive">
      <h2 ref={heading} tabIndex={-1}>
        {title} is unavailable
      </h2>
      <p>This part of Loupe could not be loaded right now. The rest of the application keeps working.</p>
      <Button onClick={onRetry}>Retry</Button>
    </Box>
  );
}
