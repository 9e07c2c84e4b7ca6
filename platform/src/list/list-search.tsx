import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/button';
import { TextField } from '../ui/fields';

const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  input {
    min-width: 0;
    width: 260px;
    max-width: 100%;
  }
`;

export interface ListSearchProps {
  /** The search landmark's name, e.g. "Jobs". */
  name: string;
  /** The box's label, e.g. "Search jobs". */
  label: string;
  placeholder?: string;
  maxLength?: number;
  /** What the list is searched by now (its `search` filter, '' for none). */
  value: string;
  /** The typed text, trimmed, when the form is sent. */
  onSearch(text: string): void;
  /** For `styled(ListSearch)`, where a screen lays the box out with other controls. */
  className?: string;
}

/**
 * A list's search box (platform 1.2): what is typed goes to the URL (and the service) when submitted, not on
 * every key. The URL can change under the box (Clear Filters, Back): the box then shows what the list is
 * searched by.
 */
export function ListSearch({
  name,
  label,
  placeholder,
  maxLength,
  value,
  onSearch,
  className,
}: ListSearchProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <SearchRow className={className} role="search" aria-label={name} onSubmit={submit}>
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </SearchRow>
  );
}
