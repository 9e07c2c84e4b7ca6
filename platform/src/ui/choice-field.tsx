import { SelectField, type SelectFieldProps } from './fields';

export type ChoiceFieldProps<T extends string> = Omit<SelectFieldProps, 'value' | 'onChange' | 'children'> & {
  value: T;
  /** The values to choose from, in the order shown (a contract's list: CURRENCIES, PAYMENT_METHODS). */
  options: readonly T[];
  /** The words for a value where they differ from the value itself ("Received from client"). */
  labels?: Readonly<Partial<Record<T, string>>>;
  // Inferred from `value` and `options` only: a state setter also takes an updater function, and
  // inferring from it widens T to string.
  onChange(value: NoInfer<T>): void;
};

/** A select over a fixed list of values, typed by that list: the form gets a `T` back, not a string. */
export function ChoiceField<T extends string>({ options, labels, onChange, ...rest }: ChoiceFieldProps<T>) {
  return (
    // The select can only hold one of `options`, so its value is a T.
    <SelectField {...rest} onChange={(event) => onChange(event.target.value as T)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels?.[option] ?? option}
        </option>
      ))}
    </SelectField>
  );
}
