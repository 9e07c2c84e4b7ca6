import { endpoints, noItemWithSerial, type ItemRow } from '@loupe/contracts';
import { api, HttpError, VisuallyHidden } from '@loupe/platform';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

// The camera scanner (and its @zxing fallback) loads only when the camera button is pressed, so the first
// page of every visit carries none of it.
const ScannerDialog = lazy(() => import('@loupe/platform/src/ui/scanner-dialog'));

const Form = styled.form`
  flex: 1;
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  max-width: 460px;
  min-width: 0;
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

/** The item's page (remote-inventory's routes: /inventory/item/:id, with Sell, Check Out, Promote…). */
const itemPage = (item: ItemRow) => `/inventory/item/${item.id}`;

/**
 * Enter (typed, or a keyboard-wedge scanner's serial and Enter) opens the item whose serial is exactly the
 * text; anything else looks it up in the all-stock list. The camera button scans a label's QR code.
 */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scanMessage, setScanMessage] = useState('');
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const term = query.trim();
    if (!term) return;
    const item = await itemBySerial(term).catch(() => null);
    navigate(item ? itemPage(item) : `/inventory/all?${new URLSearchParams({ search: term }).toString()}`);
  };

  const onScan = (serial: string) => {
    setScanMessage('');
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

  return (
    <Form role="search" onSubmit={(event) => void submit(event)}>
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
