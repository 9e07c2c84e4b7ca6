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

function useFieldIds(id?: string) {
  const auto = useId();
  const controlId = id ?? `f${auto.replace(/:/g, '')}`;
  return { controlId, errorId: `${controlId}-error`, hintId: `${controlId}-hint` };
}

function describedBy(
  error: string | null | undefined,
  hint: ReactNode,
  ids: { errorId: string; hintId: string },
) {
  return [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(' ') || undefined;
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, error, hint, id, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Wrapper>
      <Label htmlFor={ids.controlId}>{label}</Label>
      <Input
        id={ids.controlId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids)}
        {...rest}
      />
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
    </Wrapper>
  );
}

export type SelectFieldProps = FieldChrome & SelectHTMLAttributes<HTMLSelectElement>;

export function SelectField({ label, error, hint, id, children, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Wrapper>
      <Label htmlFor={ids.controlId}>{label}</Label>
      <Select
        id={ids.controlId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids)}
        {...rest}
      >
        {children}
      </Select>
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
    </Wrapper>
  );
}

export type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ label, error, hint, id, ...rest }: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Wrapper>
      <Label htmlFor={ids.controlId}>{label}</Label>
      <TextArea
        id={ids.controlId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids)}
        {...rest}
      />
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
    </Wrapper>
  );
}
