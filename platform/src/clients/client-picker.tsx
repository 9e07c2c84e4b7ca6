import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/fields';
import { useClientSearch, type ClientOption } from './client-search';

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
    /* A long e-mail wraps inside the list rather than pushing it wider than its box. */
    overflow-wrap: anywhere;
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

export interface ClientPickerProps {
  label: string;
  value: ClientChoice | null;
  onChange(client: ClientChoice | null): void;
  error?: string | null;
  required?: boolean;
  /** Under the field while nothing is chosen, e.g. "Any client". */
  hint?: string;
  /** The input's name, so a form can focus it when the service objects to the choice. */
  name?: string;
}

/**
 * One picker for every remote that names a client (a purchase line, a sale's buyer, a check-out, a filter). A
 * combobox over the shop's clients: type part of a name, email or phone, then pick with the mouse or the
 * arrow keys and Enter. The search runs on the server (`GET /api/clients/?search=`), so it scales with
 * the client list; a term asked before answers from the cache.
 */
export function ClientPicker({ label, value, onChange, error, required, hint, name }: ClientPickerProps) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** What the user has typed, once the list was first opened; null before. */
  const [term, setTerm] = useState<string | null>(null);
  /** The term the server is asked for: `term` once typing pauses, so each keystroke is not a request. */
  const [asked, setAsked] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useClientSearch(asked);

  // The text follows a choice made from outside (a preselected client).
  useEffect(() => {
    if (value) setText(value.name);
  }, [value]);

  useEffect(() => {
    if (term === null) return;
    const timer = setTimeout(() => {
      setAsked(term);
      setActive(0);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // Until the answer for what is typed now is in, the options of an earlier term would be wrong choices.
  const searching = term !== null && (term !== asked || search.isPending);
  const answer = !searching && search.isSuccess ? search.data : null;
  const failed = !searching && search.isError;
  const clients = answer?.results ?? [];
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
        name={name}
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
        hint={value ? `Chosen: ${value.name}` : hint}
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
            // Focus and the keyboard stay in the combobox (aria-activedescendant), so an option is never focused
            // and answers only the pointer: the press keeps focus in the input, the release chooses, as a
            // click would (WCAG 2.5.2: nothing happens on the down-event).
            onMouseDown={(event) => event.preventDefault()}
            onMouseUp={() => choose(client)}
          >
            {client.name}
            {client.email ? <Detail> · {client.email}</Detail> : null}
            {client.status === 'inactive' ? <Detail> · Not Active</Detail> : null}
          </li>
        ))}
      </Options>
      {open && searching ? (
        <Note>
          <Spinner size={14} label="Searching clients..." /> Searching…
        </Note>
      ) : null}
      {open && failed ? <Note role="alert">Failed to load clients.</Note> : null}
      {open && answer && clients.length === 0 ? <Note>No clients match.</Note> : null}
      {open && answer && answer.count > clients.length ? (
        <Note>
          Showing {clients.length} of {answer.count}: type more to narrow the list.
        </Note>
      ) : null}
    </Wrapper>
  );
}
