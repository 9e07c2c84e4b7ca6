import { TextField } from '@loupe/platform';

export interface DayRange {
  from: string;
  to: string;
}

interface DayRangeFieldsProps {
  value: DayRange;
  errors?: { from?: string | null; to?: string | null };
  onChange(change: Partial<DayRange>): void;
}

/**
 * From and To days (the expense list's filter, a report's custom range). Each bounds the other's picker, so
 * a range that ends before it starts is hard to choose in the first place.
 */
export function DayRangeFields({ value, errors = {}, onChange }: DayRangeFieldsProps) {
  return (
    <>
      <TextField
        label="From"
        name="from"
        type="date"
        value={value.from}
        max={value.to || undefined}
        error={errors.from}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        value={value.to}
        min={value.from || undefined}
        error={errors.to}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </>
  );
}
