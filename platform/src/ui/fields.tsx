import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Label = styled.label`
  font-weight: 600;
  font-size: 0.9rem;
`;

const control = css<{ $invalid: boolean }>`
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  min-height: 38px;
  &:read-only {
    opacity: 0.75;
  }
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;
const Select = styled.select<{ $invalid: boolean }>`
  ${control}
`;
const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 80px;
`;

/** A field error is an element with role="alert", tied to its control by aria-describedby. */
export const FieldError = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

interface FieldChrome {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** What every control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  $invalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label above, the control, then hint and error: one layout for every kind of field. */
function Field({
  label,
  error,
  hint,
  id,
  control,
}: FieldChrome & { id?: string; control(props: ControlProps): ReactNode }) {
  const auto = useId();
  const controlId = id ?? `f${auto.replace(/:/g, '')}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={controlId}>{label}</Label>
      {control({
        id: controlId,
        $invalid: Boolean(error),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Wrapper>
  );
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, error, hint, id, ...rest }: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(props) => <Input {...props} {...rest} />}
    />
  );
}

export type DecimalFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'> & {
  /**
   * How many decimal places the value may have (2 for pounds, 8 for bitcoin and exchange rates): the form's
   * check and the service's rule enforce it, as a text field has no step.
   */
  places: number;
};

/**
 * An amount or a rate: a decimal keyboard on a phone, and text rather than `type="number"`, which cannot hold
 * what every screen shows ("10,500", "£10,500.00"): the one amount rule (contracts' plainAmount) reads it, in
 * the form and in the service. The value stays the text typed, so the server parses it exactly.
 */
export function DecimalField({ places: _places, ...rest }: DecimalFieldProps) {
  return <TextField autoComplete="off" {...rest} type="text" inputMode="decimal" />;
}

export type DayFieldProps = Omit<TextFieldProps, 'type' | 'onChange' | 'value'> & {
  /** The day as the API writes it (`YYYY-MM-DD`), '' when none is chosen. */
  value: string;
  onChange(day: string): void;
};

/** A calendar day (a sale, a payment, a purchase): the browser's date picker, its value already a `YYYY-MM-DD`. */
export function DayField({ onChange, ...rest }: DayFieldProps) {
  return <TextField {...rest} type="date" onChange={(event) => onChange(event.target.value)} />;
}

export type SelectFieldProps = FieldChrome & SelectHTMLAttributes<HTMLSelectElement>;

export function SelectField({ label, error, hint, id, children, ...rest }: SelectFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(props) => (
        <Select {...props} {...rest}>
          {children}
        </Select>
      )}
    />
  );
}

export type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ label, error, hint, id, ...rest }: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(props) => <TextArea {...props} {...rest} />}
    />
  );
}
