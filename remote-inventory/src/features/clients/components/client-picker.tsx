import { Spinner, TextField } from '@loupe/platform';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { searchClients, type ClientOption } from '../api/search-clients';

/** The client a form has chosen. */
export interface ClientChoice {
  id: number;
  name: string;
}

const Wrapper = styled.div`
  position: relative;
`;

const Options = styled.ul`
  list-style: none;
  margin: -${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(1)} 0;
  max-height: 220px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  li {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    cursor: pointer;
  }
  li[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Note = styled.p`
  margin: -${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Detail = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const DEBOUNCE_MS = 250;

interface ClientPickerProps {
  label: string;
  value: ClientChoice | null;
  onChange(client: ClientChoice | null): void;
  error?: string | null;
  required?: boolean;
}

type Results =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; clients: ClientOption[]; count: number };

/**
 * A combobox over the shop's clients: type part of a name, email or phone, then pick with the mouse or the
 * arrow keys and Enter. The search runs on the server (`GET /api/clients/?search=`), so it scales with
 * the client list.
 */
export function ClientPicker({ label, value, onChange, error, required }: ClientPickerProps) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [term, setTerm] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The text follows a choice made from outside (a preselected client).
  useEffect(() => {
    if (value) setText(value.name);
  }, [value]);

  useEffect(() => {
    if (term === null) return;
    const controller = new AbortController();
    setResults({ status: 'loading' });
    const timer = setTimeout(() => {
      searchClients(term, controller.signal).then(
        (list) => {
          if (controller.signal.aborted) return;
          setResults({ status: 'done', clients: list.results, count: list.count });
          setActive(0);
        },
        () => {
          if (!controller.signal.aborted) setResults({ status: 'error' });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const clients = results.status === 'done' ? results.clients : [];
  const expanded = open && clients.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(client: ClientOption) {
    onChange({ id: client.id, name: client.name });
    setText(client.name);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        if (term === null) setTerm(text.trim());
        return;
      }
      if (clients.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + clients.length) % clients.length);
    } else if (event.key === 'Enter' && expanded) {
      // Enter picks the highlighted client instead of submitting the dialog's form.
      event.preventDefault();
      const client = clients[active];
      if (client) choose(client);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only; the dialog around it stays open.
      event.nativeEvent.stopImmediatePropagation();
      event.stopPropagation();
      setOpen(false);
    }
  }

  return (
    <Wrapper>
      <TextField
        label={label}
        role="combobox"
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(active) : undefined}
        aria-required={required || undefined}
        placeholder="Search by name, email or phone"
        value={text}
        error={error}
        hint={value ? `Chosen: ${value.name}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setTerm(event.target.value.trim());
          if (value) onChange(null);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          if (!value) {
            setOpen(true);
            if (term === null) setTerm(text.trim());
          }
        }}
        // A click on an option blurs the input first; the list must outlive that blur.
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={onKeyDown}
      />
      <Options id={listId} role="listbox" aria-label={`${label} results`} hidden={!expanded}>
        {clients.map((client, index) => (
          <li
            key={client.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(client)}
          >
            {client.name}
            {client.email ? <Detail> · {client.email}</Detail> : null}
            {client.status === 'inactive' ? <Detail> · Not Active</Detail> : null}
          </li>
        ))}
      </Options>
      {open && results.status === 'loading' ? (
        <Note>
          <Spinner size={14} label="Searching clients..." /> Searching…
        </Note>
      ) : null}
      {open && results.status === 'error' ? <Note role="alert">Failed to load clients.</Note> : null}
      {open && results.status === 'done' && clients.length === 0 ? <Note>No clients match.</Note> : null}
      {open && results.status === 'done' && results.count > clients.length ? (
        <Note>
          Showing {clients.length} of {results.count}: type more to narrow the list.
        </Note>
      ) : null}
    </Wrapper>
  );
}
