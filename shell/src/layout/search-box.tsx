import {
  endpoints,
  jobNumberOf,
  jobReference,
  noItemWithSerial,
  noJobWithNumber,
  type ItemRow,
  type SearchJob,
} from '@loupe/contracts';
import { api, HttpError, VisuallyHidden } from '@loupe/platform';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  SEARCH_GROUPS,
  itemPage,
  jobPage,
  searchOptions,
  typingInField,
  type SearchOption,
} from './search-results';

// The camera scanner (and its @zxing fallback) loads only when the camera button is pressed, so the first
// page of every visit carries none of it.
const ScannerDialog = lazy(() => import('@loupe/platform/src/ui/scanner-dialog'));

const Form = styled.form`
  position: relative;
  flex: 1;
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  max-width: 460px;
  min-width: 0;
  /* A phone: beside the menu buttons the box had ~20 px (issue 21), so it takes a row of its own under them,
     the top bar's whole width (the top bar wraps: top-bar.tsx). */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    order: 10;
    flex: 1 0 100%;
    max-width: none;
  }
  label {
    flex: 1;
    min-width: 0;
  }
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

const CameraButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 38px;
  min-height: 36px;
  color: ${({ theme }) => theme.colors.text};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  cursor: pointer;
`;

/** The item of the shop with exactly this serial, or null when there is none (404). */
export async function itemBySerial(serial: string): Promise<ItemRow | null> {
  try {
    return await api(endpoints.items.bySerial, { query: { serial } });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** The workshop job whose number the text is (a scanned receipt or bag label), or null when the shop has none. */
export async function jobByNumber(text: string): Promise<SearchJob | null> {
  const results = await api(endpoints.search.query, { query: { q: text } });
  return results.jobs.find((job) => job.match === 'exact') ?? null;
}

const Popup = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: 900;
  max-height: min(70vh, 480px);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  /* A phone: the whole width under the top bar, not the width of the box. */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    position: fixed;
    top: var(--top-bar-height, 56px);
    left: ${({ theme }) => theme.space(2)};
    right: ${({ theme }) => theme.space(2)};
  }
`;

const GroupLabel = styled.div`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)} ${theme.space(1)}`};
  font-size: 0.8rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.muted};
`;

const Option = styled.div`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  cursor: pointer;
  overflow-wrap: anywhere;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Detail = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Status = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.muted};
`;

/** How long typing must pause before the type-ahead asks the server. */
export const SEARCH_DEBOUNCE_MS = 200;

type Lookup =
  { state: 'idle' } | { state: 'loading' } | { state: 'done'; options: SearchOption[] } | { state: 'failed' };

/**
 * The one search (issue 21, item 3), a WAI-ARIA combobox: as the user types, items, clients and invoices
 * matching the text (GET /api/search/, the latest answer wins) in a listbox grouped Items / Clients / Invoices;
 * arrow keys move through them, Enter opens the one chosen, Escape closes the list. Enter with none chosen
 * (typed, or a keyboard-wedge scanner's serial and Enter) opens the item whose serial or stock number is exactly
 * the text at once, and anything else looks it up in the all-stock list. A workshop job's number ('JOB-000123',
 * what its receipt's and bag label's QR codes hold; issue 23) opens the job, typed or scanned. `/` or Ctrl+K focuses the box from
 * anywhere but a field being typed in. The camera button scans a label's QR code.
 */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [scanning, setScanning] = useState(false);
  const [scanMessage, setScanMessage] = useState('');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  /** The number of the latest request: an answer to an older one is dropped. */
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const options = lookup.state === 'done' ? lookup.options : [];
  const expanded = open && lookup.state !== 'idle';

  // `/` or Ctrl+K (⌘K) from anywhere but a field being typed in.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const shortcut =
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey) ||
        ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k');
      if (!shortcut || event.defaultPrevented || typingInField(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  /** Stops waiting for any answer: a pending request is forgotten, a pending pause cancelled. */
  const forget = () => {
    clearTimeout(timer.current);
    latest.current += 1;
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const change = (text: string) => {
    setQuery(text);
    setActive(-1);
    forget();
    const term = text.trim();
    if (term === '') {
      setLookup({ state: 'idle' });
      return;
    }
    setOpen(true);
    setLookup({ state: 'loading' });
    const request = latest.current;
    timer.current = setTimeout(() => {
      api(endpoints.search.query, { query: { q: term } }).then(
        (results) => {
          if (request === latest.current) setLookup({ state: 'done', options: searchOptions(results) });
        },
        () => {
          if (request === latest.current) setLookup({ state: 'failed' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  const go = (href: string) => {
    forget();
    close();
    setLookup({ state: 'idle' });
    setQuery('');
    navigate(href);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? options[active] : undefined;
    if (chosen) {
      go(chosen.href);
      return;
    }
    const term = query.trim();
    if (!term) return;
    // A scan or a whole serial: no waiting for the type-ahead.
    forget();
    close();
    setLookup({ state: 'idle' });
    if (jobNumberOf(term) !== null) {
      // A job's receipt or bag label (issue 23): its page, else the jobs list searched for the number.
      const job = await jobByNumber(term).catch(() => null);
      navigate(job ? jobPage(job) : `/workshop/list?${new URLSearchParams({ q: term }).toString()}`);
      return;
    }
    const item = await itemBySerial(term).catch(() => null);
    navigate(item ? itemPage(item) : `/inventory/all?${new URLSearchParams({ search: term }).toString()}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current === -1 && step === -1
          ? options.length - 1
          : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      // The caret's keys stay the text's (APG: editable combobox).
      setActive(-1);
    }
  };

  const onScan = (serial: string) => {
    setScanMessage('');
    const jobNumber = jobNumberOf(serial);
    if (jobNumber !== null) {
      // A job's QR code holds its number (issue 23): the scan opens the job.
      jobByNumber(serial).then(
        (job) => {
          if (!job) {
            setScanMessage(noJobWithNumber(jobReference(jobNumber)));
            return;
          }
          setScanning(false);
          navigate(jobPage(job));
        },
        () => setScanMessage(`${serial} could not be looked up. Try again.`),
      );
      return;
    }
    itemBySerial(serial).then(
      (item) => {
        if (!item) {
          setScanMessage(noItemWithSerial(serial));
          return;
        }
        setScanning(false);
        navigate(itemPage(item));
      },
      () => setScanMessage(`${serial} could not be looked up. Try again.`),
    );
  };

  const statusText =
    lookup.state === 'loading'
      ? 'Searching…'
      : lookup.state === 'failed'
        ? 'The search could not be done. Press Enter to look the serial up.'
        : lookup.state === 'done' && options.length === 0
          ? `Nothing matches “${query.trim()}”. Press Enter to search all stock.`
          : '';

  return (
    <Form role="search" onSubmit={(event) => void submit(event)}>
      <label>
        <VisuallyHidden>Search stock</VisuallyHidden>
        <input
          ref={input}
          type="search"
          role="combobox"
          placeholder="Serial Number / QR Code..."
          value={query}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={close}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-keyshortcuts="/ Control+K"
        />
      </label>
      <Popup hidden={!expanded}>
        <Status role="status" hidden={statusText === ''}>
          {expanded ? statusText : ''}
        </Status>
        <div id={listId} role="listbox" aria-label="Search results" hidden={options.length === 0}>
          {SEARCH_GROUPS.map((group) => {
            const members = options
              .map((option, index) => ({ option, index }))
              .filter(({ option }) => option.group === group);
            if (members.length === 0) return null;
            const labelId = `${listId}-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={labelId}>
                <GroupLabel id={labelId} role="presentation">
                  {group}
                </GroupLabel>
                {members.map(({ option, index }) => (
                  <Option
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    // Keeps the focus in the box, so the list does not close before the click lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => go(option.href)}
                  >
                    <span>{option.label}</span>
                    {option.detail ? <Detail>{option.detail}</Detail> : null}
                  </Option>
                ))}
              </div>
            );
          })}
        </div>
      </Popup>
      <CameraButton
        type="button"
        aria-label="Scan QR code"
        title="Scan QR code"
        onClick={() => {
          setScanMessage('');
          setScanning(true);
        }}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10" />
        </svg>
      </CameraButton>
      {scanning ? (
        <Suspense fallback={null}>
          <ScannerDialog
            open
            onClose={() => setScanning(false)}
            onScan={onScan}
            message={scanMessage || undefined}
          />
        </Suspense>
      ) : null}
    </Form>
  );
}
