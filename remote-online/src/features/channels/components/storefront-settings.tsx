import { STOREFRONT_SLUG_INVALID, storefrontSlugProblem } from '@loupe/contracts';
import { Alert, Button, errorMessage, fieldErrors, RetryAlert, Spinner, TextField } from '@loupe/platform';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useSaveStorefront, useStorefront, type StorefrontSettings as Settings } from '../api/storefront';

const Title = styled.h2`
  font-size: 1.15rem;
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  max-width: 36rem;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  input {
    width: 1.1rem;
    height: 1.1rem;
  }
`;

const Address = styled.p`
  overflow-wrap: anywhere;
`;

function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved(saved: boolean): void }) {
  const save = useSaveStorefront();
  const [slug, setSlug] = useState(settings.slug ?? '');
  const [enabled, setEnabled] = useState(settings.enabled);
  const [problem, setProblem] = useState<string | null>(null);
  const errors: Record<string, string | undefined> = {
    ...fieldErrors(save.error),
    ...(problem ? { slug: problem } : {}),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSaved(false);
    save.reset();
    const address = slug.trim().toLowerCase();
    // The contracts' rule, the one the service applies: said at the field before anything is sent. An empty
    // address is allowed while the storefront stays closed (the service says when it cannot open without one).
    const found = address === '' ? null : storefrontSlugProblem(address);
    setProblem(found);
    if (found) return;
    save.mutate({ slug: address, enabled }, { onSuccess: () => onSaved(true) });
  };

  return (
    <Form aria-label="Storefront" onSubmit={submit} noValidate>
      {save.isError && !errors.slug && !errors.enabled ? (
        <Alert>{errorMessage(save.error, 'The storefront could not be saved. Please try again.')}</Alert>
      ) : null}
      <TextField
        label="Storefront address"
        hint={`The end of the storefront's web address, e.g. loupe-demo. ${STOREFRONT_SLUG_INVALID}`}
        value={slug}
        autoComplete="off"
        spellCheck={false}
        error={errors.slug}
        onChange={(event) => setSlug(event.target.value)}
      />
      <Check>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Show the storefront to the public
      </Check>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save storefront'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The storefront's address (slug) and its switch, with its public address as a link once it has one: what the
 * public sees is the items listed online from their item pages.
 */
export function StorefrontSettings() {
  const titleId = useId();
  const settings = useStorefront();
  const data = settings.data;
  // Kept here: the form is made afresh from what the service saved, and the news must outlive it.
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId}>Storefront</Title>
      {data ? (
        <>
          <Address>
            {data.publicUrl && data.enabled ? (
              <>
                Open to the public at{' '}
                <a href={data.publicUrl} target="_blank" rel="noreferrer">
                  {data.publicUrl}
                </a>
              </>
            ) : data.publicUrl ? (
              <>Switched off: {data.publicUrl} shows nothing to the public, and the feeds list nothing.</>
            ) : (
              'No address yet: choose one below, then switch the storefront on.'
            )}
          </Address>
          {saved ? <Alert tone="success">Storefront saved.</Alert> : null}
          <SettingsForm key={`${data.slug}-${data.enabled}`} settings={data} onSaved={setSaved} />
        </>
      ) : settings.error ? (
        <RetryAlert
          error={settings.error}
          what="Failed to load the storefront's settings."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Spinner label="Loading the storefront's settings..." />
      )}
    </section>
  );
}
