import { useEffect, useMemo, useRef, useState } from 'react';
import { ClientPicker } from './client-picker';
import { useClientName } from './client-search';

export interface ClientFilterPickerProps {
  label: string;
  /** Under the field while no client is chosen, e.g. "Any seller". */
  hint: string;
  /** The filter as the URL holds it: a client's id, or '' for any. */
  value: string;
  /** A client's id when one is chosen, '' when the chosen one is typed over. */
  onChange(value: string): void;
  error?: string | null;
}

/**
 * A list filtered by a client (platform 1.2): the ClientPicker over a URL filter that holds the client's id,
 * showing the client's name once it is known. The picker keeps its own text, so when the filter is cleared from
 * outside (Clear Filters, Back) it is remounted empty; but not when the user typed over the chosen name, since
 * that text is theirs.
 */
export function ClientFilterPicker({ label, hint, value, onChange, error }: ClientFilterPickerProps) {
  const clientId = /^\d+$/.test(value) ? Number(value) : null;
  const [round, setRound] = useState(0);
  const typedOver = useRef(false);
  const previous = useRef(clientId);
  useEffect(() => {
    if (previous.current !== null && clientId === null && !typedOver.current) setRound((n) => n + 1);
    previous.current = clientId;
    typedOver.current = false;
  }, [clientId]);
  const name = useClientName(clientId);
  const chosen = useMemo(
    () => (clientId === null ? null : { id: clientId, name: name.data ?? `Client #${clientId}` }),
    [clientId, name.data],
  );
  return (
    <ClientPicker
      key={round}
      label={label}
      hint={hint}
      value={chosen}
      error={error}
      onChange={(client) => {
        if (client) onChange(String(client.id));
        else if (value) {
          typedOver.current = true;
          onChange('');
        }
      }}
    />
  );
}
