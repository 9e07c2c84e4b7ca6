import type { Client } from '@loupe/contracts';
import { Card, PageHeader, usePageTitle } from '@loupe/platform';
import { useRef } from 'react';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';
import { EMPTY_CLIENT, toWrite, type ClientValues } from '../lib/client-values';
import { ClientForm } from './client-form';

export const ADDED_ALERT = 'Client added successfully';

/** /clients/add (SPEC §2): Add Client, Save Client, then the alert and back to /clients. */
export function AddClientPage() {
  usePageTitle('Add Client');
  const create = useCreateClient();
  const update = useUpdateClient();
  // Once the client exists (its KYC upload failed), pressing Save Client again must not add it twice.
  const saved = useRef<Client | null>(null);
  const save = async (values: ClientValues) => {
    const client = saved.current
      ? await update.mutateAsync({
          id: saved.current.id,
          // This page made the client, so the version it was answered is the one it edits.
          input: { ...toWrite(values), version: saved.current.version },
        })
      : await create.mutateAsync(toWrite(values));
    saved.current = client;
    return client;
  };
  return (
    <>
      <PageHeader title="Add Client" />
      <Card>
        <ClientForm
          label="Add Client"
          initial={EMPTY_CLIENT}
          submitLabel="Save Client"
          save={save}
          successAlert={ADDED_ALERT}
        />
      </Card>
    </>
  );
}
