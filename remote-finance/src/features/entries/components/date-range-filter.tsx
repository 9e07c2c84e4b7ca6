import { FILTER_RANGE_REVERSED, isRangeReversed } from '@loupe/contracts';
import { Button } from '@loupe/platform';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DayRangeFields, type DayRange } from '../../../components/day-range-fields';

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

interface DateRangeFilterProps {
  /** The range in force (from the URL). */
  value: DayRange;
  onApply(range: DayRange): void;
  label: string;
}

/**
 * From / To days, applied together with Filter (so a half-typed range never reaches the server) and
 * removed with Clear. Either end may stay empty; a range that ends before it starts is refused here.
 */
export function DateRangeFilter({ value, onApply, label }: DateRangeFilterProps) {
  const [draft, setDraft] = useState<DayRange>(value);
  const [error, setError] = useState<string | null>(null);

  // Back/forward or a shared link changes the range in force: show it.
  const { from, to } = value;
  useEffect(() => {
    setDraft({ from, to });
    setError(null);
  }, [from, to]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRangeReversed(draft.from, draft.to)) {
      setError(FILTER_RANGE_REVERSED);
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
      <DayRangeFields
        value={draft}
        errors={{ to: error }}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
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
