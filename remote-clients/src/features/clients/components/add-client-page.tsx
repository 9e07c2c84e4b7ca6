import type { Client } from '@loupe/contracts';
import { Card, PageHeader, usePageTitle } from '@loupe/platform';
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
  // Once the client exists (its KYC upload failed), the controller hands this page the client it made, so pressing
  // Save Client again updates it at the version it was answered instead of adding it twice.
  const save = async (values: ClientValues, { record }: { record: Client | null }) =>
    record
      ? update.mutateAsync({ id: record.id, input: { ...toWrite(values), version: record.version } })
      : create.mutateAsync(toWrite(values));
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
