import {
  ADDRESS_LABELS,
  ADDRESS_PARTS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  type AddressPart,
  type Client,
} from '@loupe/contracts';
import {
  ChoiceField,
  errorMessage,
  FieldGrid,
  FormActions,
  FormFailure,
  FormNotices,
  TextAreaField,
  TextField,
  useEntityForm,
} from '@loupe/platform';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useUploadKycDocument } from '../api/upload-kyc-document';
import { checkClient, LIMITS, valuesOf, type ClientValues } from '../lib/client-values';
import { KycField } from './kyc-field';

/** The postal address's parts grouped under their legend, as the fields around them look. */
const AddressFieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)} 0`};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

const ADDRESS_AUTOCOMPLETE: Record<AddressPart, string> = {
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  town: 'address-level2',
  postcode: 'postal-code',
  country: 'country-name',
};

const Actions = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
`;

interface ClientFormProps {
  label: string;
  initial: ClientValues;
  submitLabel: string;
  /** Edit: the client as loaded; each save sends its version (issue 12). Add: none, until the first save. */
  record?: Client | null;
  /**
   * Saves the fields: creates the client, or updates `record` at `version` (the loaded one, or the one this
   * form last saved — after a KYC upload failed, Save again updates the client it made instead of adding it
   * twice) — and answers the saved client.
   */
  save(
    values: ClientValues,
    context: { version: number | undefined; record: Client | null },
  ): Promise<Client>;
  /** Loads the client as it is now: Reload after a stale edit puts it in the form. */
  reload?(): Promise<Client>;
  /** The alert shown once everything was saved, before going back to /clients (and told again by toast there). */
  successAlert: string;
}

/**
 * The Add and Edit Client form on the platform's edit/create controller (useEntityForm). Checked as SPEC §5 says
 * before any call; the client is saved first and the KYC document, if one was chosen, uploaded to it with
 * progress; only then the alert and back to /clients, where the toast says it was saved. A refused save keeps
 * what was typed and puts the service's messages beside their fields; a stale edit says who changed the client.
 */
export function ClientForm({
  label,
  initial,
  submitLabel,
  record,
  save,
  reload,
  successAlert,
}: ClientFormProps) {
  const navigate = useNavigate();
  const uploadKyc = useUploadKycDocument();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useEntityForm<ClientValues, Client>({
    values: initial,
    record,
    toValues: valuesOf,
    reload,
    check: checkClient,
    failedText: 'The client could not be saved. Please try again.',
    fieldErrorsText: 'Please correct the highlighted fields.',
    savedMessage: successAlert,
    // The form is left for /clients once saved: the toaster carries the word there.
    announce: 'toast',
    async save(values, context) {
      const saved = await save(values, context);
      if (file) {
        setProgress(0);
        try {
          await uploadKyc.mutateAsync({ clientId: saved.id, file, onProgress: setProgress });
        } catch (error) {
          setProgress(null);
          throw new FormFailure({
            record: saved,
            fields: { file: errorMessage(error, 'The KYC document could not be uploaded.') },
            form: `The client was saved, but the KYC document was not uploaded. Choose another file or remove it, then press ${submitLabel} again.`,
          });
        }
        setProgress(null);
        setFile(null);
      }
      return saved;
    },
    onSaved() {
      window.alert(successAlert);
      navigate('/clients');
    },
  });
  const { text, value, busy } = controller;

  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label={label}>
      <FormNotices controller={controller} status={false} />
      <FieldGrid $min={240}>
        <TextField label="Name" autoComplete="off" required maxLength={LIMITS.name} {...text('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          required
          maxLength={LIMITS.email}
          {...text('email')}
        />
        <TextField label="Phone" type="tel" autoComplete="off" maxLength={LIMITS.phone} {...text('phone')} />
        <ChoiceField
          label="Status"
          options={CLIENT_STATUSES}
          labels={CLIENT_STATUS_LABELS}
          {...value('status')}
        />
      </FieldGrid>
      <AddressFieldset>
        <legend>Postal address</legend>
        <FieldGrid $min={240}>
          {ADDRESS_PARTS.map((part) => (
            <TextField
              key={part}
              label={ADDRESS_LABELS[part]}
              autoComplete={ADDRESS_AUTOCOMPLETE[part]}
              maxLength={LIMITS[part]}
              {...text(part)}
            />
          ))}
        </FieldGrid>
      </AddressFieldset>
      <TextAreaField label="Notes" maxLength={LIMITS.notes} {...text('notes')} />
      <KycField
        file={file}
        onChange={(chosen) => {
          setFile(chosen);
          controller.form.clearErrors('file' as never);
        }}
        progress={progress}
        error={controller.errorOf('file')}
        disabled={busy}
      />
      <Actions>
        <FormActions
          submitLabel={submitLabel}
          busy={busy}
          onCancel={() => {
            if (controller.confirmLeave()) navigate('/clients');
          }}
        />
      </Actions>
    </form>
  );
}
