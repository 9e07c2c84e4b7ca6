import {
  ADDRESS_LABELS,
  ADDRESS_PARTS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  type AddressPart,
  type Client,
} from '@loupe/contracts';
import {
  Alert,
  ChoiceField,
  errorMessage,
  FieldGrid,
  FormActions,
  readServerErrors,
  TextAreaField,
  TextField,
} from '@loupe/platform';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useUploadKycDocument } from '../api/upload-kyc-document';
import { checkClient, LIMITS, type ClientField, type ClientValues } from '../lib/client-values';
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

type Errors = Partial<Record<ClientField | 'file', string>>;

interface ClientFormProps {
  label: string;
  initial: ClientValues;
  submitLabel: string;
  /** Saves the fields (create or update) and answers the saved client. */
  save(values: ClientValues): Promise<Client>;
  /** The alert shown once everything was saved, before going back to /clients. */
  successAlert: string;
  /**
   * Shown above the fields when the page has something to say about the save (a stale edit, issue 12); the
   * form keeps what was typed.
   */
  notice?: ReactNode;
  /** True when the page took a failed save in hand itself (e.g. a stale edit): the form then shows nothing. */
  handleSaveError?(error: unknown): boolean;
}

/**
 * The Add and Edit Client form. Checked as SPEC §5 says before any call; the client is saved first and the
 * KYC document, if one was chosen, uploaded to it with progress; only then the alert and back to /clients.
 * A refused save keeps what was typed and puts the server's messages beside their fields.
 */
export function ClientForm({
  label,
  initial,
  submitLabel,
  save,
  successAlert,
  notice,
  handleSaveError,
}: ClientFormProps) {
  const navigate = useNavigate();
  const uploadKyc = useUploadKycDocument();
  const [values, setValues] = useState<ClientValues>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: ClientField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  /** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const problems = checkClient(values);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) {
      focusFirstError();
      return;
    }

    setSubmitting(true);
    let saved: Client;
    try {
      saved = await save(values);
    } catch (error) {
      if (handleSaveError?.(error)) {
        setSubmitting(false);
        return;
      }
      const server = readServerErrors(error, 'The client could not be saved. Please try again.');
      setErrors(server.fields);
      setFormError(server.form ?? 'Please correct the highlighted fields.');
      setSubmitting(false);
      focusFirstError();
      return;
    }

    if (file) {
      setProgress(0);
      try {
        await uploadKyc.mutateAsync({ clientId: saved.id, file, onProgress: setProgress });
      } catch (error) {
        setErrors({ file: errorMessage(error, 'The KYC document could not be uploaded.') });
        setFormError(
          `The client was saved, but the KYC document was not uploaded. Choose another file or remove it, then press ${submitLabel} again.`,
        );
        setProgress(null);
        setSubmitting(false);
        return;
      }
      setProgress(null);
      setFile(null);
    }
    setSubmitting(false);
    window.alert(successAlert);
    navigate('/clients');
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={label}>
      {notice}
      {formError ? <Alert>{formError}</Alert> : null}
      <FieldGrid $min={240}>
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          required
          maxLength={LIMITS.name}
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name')(event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={LIMITS.email}
          value={values.email}
          error={errors.email}
          onChange={(event) => set('email')(event.target.value)}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="off"
          maxLength={LIMITS.phone}
          value={values.phone}
          error={errors.phone}
          onChange={(event) => set('phone')(event.target.value)}
        />
        <ChoiceField
          label="Status"
          name="status"
          value={values.status}
          error={errors.status}
          options={CLIENT_STATUSES}
          labels={CLIENT_STATUS_LABELS}
          onChange={set('status')}
        />
      </FieldGrid>
      <AddressFieldset>
        <legend>Postal address</legend>
        <FieldGrid $min={240}>
          {ADDRESS_PARTS.map((part) => (
            <TextField
              key={part}
              label={ADDRESS_LABELS[part]}
              name={part}
              autoComplete={ADDRESS_AUTOCOMPLETE[part]}
              maxLength={LIMITS[part]}
              value={values[part]}
              error={errors[part]}
              onChange={(event) => set(part)(event.target.value)}
            />
          ))}
        </FieldGrid>
      </AddressFieldset>
      <TextAreaField
        label="Notes"
        name="notes"
        maxLength={LIMITS.notes}
        value={values.notes}
        error={errors.notes}
        onChange={(event) => set('notes')(event.target.value)}
      />
      <KycField
        file={file}
        onChange={(chosen) => {
          setFile(chosen);
          setErrors(({ file: _cleared, ...rest }) => rest);
        }}
        progress={progress}
        error={errors.file}
        disabled={submitting}
      />
      <Actions>
        <FormActions submitLabel={submitLabel} busy={submitting} onCancel={() => navigate('/clients')} />
      </Actions>
    </form>
  );
}
