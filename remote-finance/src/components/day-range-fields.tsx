import { DayField } from '@loupe/platform';

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
      <DayField
        label="From"
        name="from"
        value={value.from}
        max={value.to || undefined}
        error={errors.from}
        onChange={(day) => onChange({ from: day })}
      />
      <DayField
        label="To"
        name="to"
        value={value.to}
        min={value.from || undefined}
        error={errors.to}
        onChange={(day) => onChange({ to: day })}
      />
    </>
  );
}
