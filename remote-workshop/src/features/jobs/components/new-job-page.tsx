import {
  CONDITION_GRADE_LABELS,
  CONDITION_GRADES,
  JOB_MAX_PHOTOS,
  JOB_PHOTO_TYPES,
  type ConditionGrade,
} from '@loupe/contracts';
import {
  Button,
  Card,
  ChoiceField,
  ClientPicker,
  DayField,
  DecimalField,
  errorMessage,
  FieldGrid,
  FormActions,
  FormNotices,
  formatFileSize,
  PageHeader,
  TextAreaField,
  TextField,
  today,
  useEntityForm,
  usePageTitle,
  VisuallyHidden,
} from '@loupe/platform';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { findStockItem } from '../api/find-item';
import { uploadJobPhoto, useCreateJob, type Job } from '../api/jobs';
import {
  checkIntake,
  intakeBody,
  intakeDefaults,
  INTAKE_MAX,
  type IntakeKind,
  type IntakeValues,
} from '../lib/intake';

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.15rem;
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  input {
    width: 18px;
    height: 18px;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  > div {
    flex: 1 1 220px;
  }
`;

const Photos = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;
  }
`;

const Error = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.danger};
`;

const KIND_LABELS: Record<IntakeKind, string> = {
  client: 'A client’s piece',
  stock: 'A stock item (pre-sale service)',
};
const KINDS = ['client', 'stock'] as const;
const GRADE_CHOICES = ['', ...CONDITION_GRADES] as const;
const GRADE_LABELS: Record<ConditionGrade | '', string> = { '': 'Not graded', ...CONDITION_GRADE_LABELS };

/** A saved intake: the job, and what its page says of it. */
interface Intake {
  job: Job;
  message: string;
}

const FALLBACK = 'The job could not be saved. Please try again.';

/** The service's field names (JobInput) → the form's: the same but for the client and the stock item. */
const SERVER_FIELDS: Record<string, string> = {
  ...Object.fromEntries(Object.keys(intakeDefaults()).map((name) => [name, name])),
  clientId: 'client',
  itemId: 'item',
};

/**
 * /workshop/new (issue 23 item 1): a piece taken in — a client's own (the client picked from the shop's
 * clients) or a stock item serviced before sale (found by its serial) — with what it is, its condition and
 * photos, the value the client declares, the fault they report, the work asked for, the accessories handed over,
 * the promised date, rush, whether an estimate comes first and any deposit asked. The service numbers the job;
 * the photos are sent once it is saved, and one that fails is named on the job's page, which takes it again.
 */
export function NewJobPage() {
  usePageTitle('New job');
  const navigate = useNavigate();
  const create = useCreateJob();
  const ids = useId().replace(/:/g, '');
  const [serialText, setSerialText] = useState('');
  const [finding, setFinding] = useState(false);
  const [photoInput, setPhotoInput] = useState(0);
  const [initial] = useState(intakeDefaults);

  const controller = useEntityForm<IntakeValues, Intake>({
    values: initial,
    check: checkIntake,
    serverFields: SERVER_FIELDS,
    failedText: FALLBACK,
    // The job's page says it, with its number, once it opens.
    savedMessage: null,
    async save(values) {
      let job = await create.mutateAsync(intakeBody(values));
      const failed: string[] = [];
      for (const photo of values.photos) {
        try {
          job = await uploadJobPhoto(job.id, photo);
        } catch (error) {
          failed.push(`${photo.name} (${errorMessage(error, 'the upload failed')})`);
        }
      }
      const message =
        `Job ${job.reference} taken in.` +
        (failed.length > 0
          ? ` These photos could not be attached: ${failed.join('; ')}. Add them again below.`
          : '');
      return { job, message };
    },
    onSaved: ({ job, message }) => navigate(`/workshop/jobs/${job.id}`, { state: { created: message } }),
  });
  const { form, busy, errorOf, text, value, set } = controller;
  const values = form.watch();

  // The client is the first thing asked: the focus starts there.
  useEffect(() => {
    document.querySelector<HTMLElement>('[name="client"]')?.focus();
  }, []);

  async function findItem() {
    const serial = serialText.trim();
    if (!serial) {
      controller.showFailure({ item: 'Type the stock item’s serial, then Find.' }, null);
      return;
    }
    setFinding(true);
    try {
      const item = await findStockItem(serial);
      if (!item) {
        controller.showFailure({ item: `No stock item has the serial ${serial}.` }, null);
        return;
      }
      set('item', {
        id: item.id,
        stockNumber: item.stockNumber,
        name: [item.brand, item.model].filter(Boolean).join(' '),
      });
      // What the piece is comes from the stock record; anything typed already is kept.
      if (!form.getValues('brand')) set('brand', item.brand ?? '');
      if (!form.getValues('model')) set('model', item.model ?? '');
      if (!form.getValues('serial')) set('serial', item.serial);
    } catch (error) {
      controller.showFailure(
        { item: errorMessage(error, 'The stock could not be searched. Please try again.') },
        null,
      );
    } finally {
      setFinding(false);
    }
  }

  const addPhotos = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    set('photos', [...form.getValues('photos'), ...Array.from(files)]);
    // A fresh input, so the same file can be chosen again after it was removed.
    setPhotoInput((n) => n + 1);
  };
  const removePhoto = (index: number) =>
    set(
      'photos',
      form.getValues('photos').filter((_, at) => at !== index),
    );

  const photosId = `photos-${ids}`;
  const photosHintId = `photos-hint-${ids}`;
  const photosErrorId = `photos-error-${ids}`;

  return (
    <>
      <PageHeader title="New job" actions={<Link to="/workshop">Board</Link>} />
      <form
        ref={controller.formRef}
        onSubmit={(event) => void controller.onSubmit(event)}
        noValidate
        aria-label="New job"
      >
        <FormNotices controller={controller} status={false} />
        <Card aria-labelledby={`whose-${ids}`}>
          <SectionTitle id={`whose-${ids}`}>Whose piece</SectionTitle>
          <ChoiceField label="The piece is" options={KINDS} labels={KIND_LABELS} {...value('kind')} />
          {values.kind === 'client' ? (
            <>
              <ClientPicker
                label="Client"
                name="client"
                required
                hint="Search by name, e-mail or phone."
                value={values.client}
                error={errorOf('client')}
                onChange={(client) => set('client', client)}
              />
              <Note>
                Not a client yet?{' '}
                <Link to="/clients/add" target="_blank" rel="noopener noreferrer">
                  Add a client
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Link>
                , then search for them here: nothing typed on this page is lost.
              </Note>
            </>
          ) : (
            <>
              <Row>
                <TextField
                  label="Stock item’s serial"
                  name="item"
                  autoComplete="off"
                  required
                  value={serialText}
                  error={errorOf('item')}
                  hint={
                    values.item ? `Found: stock #${values.item.stockNumber} ${values.item.name}` : undefined
                  }
                  onChange={(event) => {
                    setSerialText(event.target.value);
                    if (values.item) set('item', null);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void findItem();
                    }
                  }}
                />
                <Button
                  variant="secondary"
                  disabled={finding}
                  aria-busy={finding || undefined}
                  onClick={() => void findItem()}
                >
                  {finding ? 'Finding...' : 'Find'}
                </Button>
              </Row>
            </>
          )}
        </Card>

        <Card aria-labelledby={`piece-${ids}`}>
          <SectionTitle id={`piece-${ids}`}>The piece</SectionTitle>
          <FieldGrid $min={200}>
            <TextField label="Brand" maxLength={INTAKE_MAX.brand} autoComplete="off" {...text('brand')} />
            <TextField label="Model" maxLength={INTAKE_MAX.model} autoComplete="off" {...text('model')} />
            <TextField
              label="Reference"
              hint="The maker’s reference, e.g. 126610LN."
              maxLength={INTAKE_MAX.makerReference}
              autoComplete="off"
              {...text('makerReference')}
            />
            <TextField label="Serial" maxLength={INTAKE_MAX.serial} autoComplete="off" {...text('serial')} />
            <ChoiceField
              label="Condition"
              options={GRADE_CHOICES}
              labels={GRADE_LABELS}
              {...value('conditionGrade')}
            />
            <DecimalField
              label="Declared value (£)"
              places={2}
              autoComplete="off"
              hint="What the client says it is worth, for its insurance while in the shop’s care."
              {...text('declaredValue')}
            />
          </FieldGrid>
          <TextAreaField
            label="Condition notes"
            hint="Marks, scratches, what does not work, as seen at the counter."
            maxLength={INTAKE_MAX.conditionNotes}
            {...text('conditionNotes')}
          />
          <label htmlFor={photosId}>Condition photos</label>
          <Note id={photosHintId}>
            JPEG, PNG or WebP, up to {JOB_MAX_PHOTOS}: sent once the job is saved.
          </Note>
          <input
            key={photoInput}
            id={photosId}
            name="photos"
            type="file"
            multiple
            accept={JOB_PHOTO_TYPES.join(',')}
            aria-describedby={errorOf('photos') ? `${photosHintId} ${photosErrorId}` : photosHintId}
            aria-invalid={errorOf('photos') ? true : undefined}
            onChange={(event) => addPhotos(event.target.files)}
          />
          {errorOf('photos') ? (
            <Error id={photosErrorId} role="alert">
              {errorOf('photos')}
            </Error>
          ) : null}
          {values.photos.length > 0 ? (
            <Photos aria-label="Photos chosen">
              {values.photos.map((photo, index) => (
                <li key={`${photo.name}-${index}`}>
                  {photo.name} ({formatFileSize(photo.size)})
                  <Button variant="ghost" onClick={() => removePhoto(index)}>
                    Remove<VisuallyHidden> {photo.name}</VisuallyHidden>
                  </Button>
                </li>
              ))}
            </Photos>
          ) : null}
        </Card>

        <Card aria-labelledby={`work-${ids}`}>
          <SectionTitle id={`work-${ids}`}>The work</SectionTitle>
          <TextAreaField
            label="Reported fault"
            required
            hint="What the client reports, in their words."
            maxLength={INTAKE_MAX.reportedFault}
            {...text('reportedFault')}
          />
          <TextAreaField
            label="Requested work"
            hint="A service, a new crystal, a strap…"
            maxLength={INTAKE_MAX.requestedWork}
            {...text('requestedWork')}
          />
          <TextAreaField
            label="Accessories handed over"
            hint="Box, papers, links, strap…"
            maxLength={INTAKE_MAX.accessories}
            {...text('accessories')}
          />
          <FieldGrid $min={200}>
            <DayField label="Promised date" min={today()} {...value('promisedDate')} />
            <DecimalField
              label="Deposit requested (£)"
              places={2}
              autoComplete="off"
              hint="Taken as a payment of the job once it is saved."
              {...text('depositRequested')}
            />
          </FieldGrid>
          <Toggle>
            <input
              type="checkbox"
              name="rush"
              checked={values.rush}
              onChange={(event) => set('rush', event.target.checked)}
            />
            Rush
          </Toggle>
          <Toggle>
            <input
              type="checkbox"
              name="estimateRequired"
              checked={values.estimateRequired}
              onChange={(event) => set('estimateRequired', event.target.checked)}
            />
            Estimate required before any work
          </Toggle>
          <TextAreaField label="Notes" maxLength={INTAKE_MAX.notes} {...text('notes')} />
        </Card>
        <FormActions submitLabel="Take in" busy={busy} busyLabel="Saving..." />
      </form>
    </>
  );
}
