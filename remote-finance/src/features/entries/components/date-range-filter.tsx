import { Button, TextField } from '@loupe/platform';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';

const Bar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => `0 ${theme.space(4)}`};
  & > div {
    min-width: 160px;
  }
  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

export interface DateRange {
  from: string;
  to: string;
}

interface DateRangeFilterProps {
  /** The range in force (from the URL). */
  value: DateRange;
  onApply(range: DateRange): void;
  label: string;
}

/**
 * From / To days, applied together with Filter (so a half-typed range never reaches the server) and
 * removed with Clear. Either end may stay empty; a range that ends before it starts is refused here.
 */
export function DateRangeFilter({ value, onApply, label }: DateRangeFilterProps) {
  const [draft, setDraft] = useState<DateRange>(value);
  const [error, setError] = useState<string | null>(null);

  // Back/forward or a shared link changes the range in force: show it.
  const { from, to } = value;
  useEffect(() => {
    setDraft({ from, to });
    setError(null);
  }, [from, to]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('To must be on or after From.');
      return;
    }
    setError(null);
    onApply(draft);
  };

  const clear = () => {
    setDraft({ from: '', to: '' });
    setError(null);
    onApply({ from: '', to: '' });
  };

  return (
    <Bar role="search" aria-label={label} onSubmit={submit} noValidate>
      <TextField
        label="From"
        name="from"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        error={error}
        onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
      />
      <Button type="submit">Filter</Button>
      <Button
        variant="secondary"
        onClick={clear}
        disabled={!value.from && !value.to && !draft.from && !draft.to}
      >
        Clear
      </Button>
    </Bar>
  );
}
