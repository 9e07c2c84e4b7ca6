import { useState, type ChangeEvent } from 'react';

/** A form's text values, and the props that tie a TextField to one of them (its value, message and edits). */
export function useFieldValues<V extends Record<keyof V, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const field = (name: keyof V, error: string | undefined) => ({
    value: values[name],
    error,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { values, setValues, field };
}
