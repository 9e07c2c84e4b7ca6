import { Button, TextField } from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  > :first-child {
    flex: 1 1 16rem;
    min-width: 0;
  }
  input {
    width: 100%;
  }
`;

const Said = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  min-height: 1.2em;
  font-size: 0.9rem;
`;

/**
 * A read-only address with Copy: the clipboard when the browser allows it, otherwise the text is selected for
 * Ctrl+C. What happened is said in a polite status line.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied.');
    } catch {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
      setSaid('Selected: press Ctrl+C (⌘C on a Mac) to copy.');
    }
  };
  return (
    <div>
      <Row>
        <TextField id={id} label={label} value={value} readOnly onFocus={(e) => e.target.select()} />
        <Button variant="secondary" aria-label={`Copy ${label}`} onClick={() => void copy()}>
          Copy
        </Button>
      </Row>
      <Said role="status">{said}</Said>
    </div>
  );
}
