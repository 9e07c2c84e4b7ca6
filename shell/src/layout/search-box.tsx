import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { VisuallyHidden } from '@loupe/platform';

const Form = styled.form`
  flex: 1;
  max-width: 420px;
  min-width: 0;
  input {
    width: 100%;
    min-height: 36px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

/** Enter looks the serial number (or a scanned QR code's text) up in the all-stock list. */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = query.trim();
    if (!term) return;
    navigate(`/inventory/all?${new URLSearchParams({ search: term }).toString()}`);
  };
  return (
    <Form role="search" onSubmit={submit}>
      <label>
        <VisuallyHidden>Search stock</VisuallyHidden>
        <input
          type="search"
          placeholder="Serial Number / QR Code..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </label>
    </Form>
  );
}
