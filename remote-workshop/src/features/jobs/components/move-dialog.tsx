import {
  WORKSHOP_LOCATION_LABELS,
  WORKSHOP_LOCATION_NEEDED,
  WORKSHOP_LOCATIONS,
  WORKSHOP_STAGE_LABELS,
  WORKSHOP_SUPPLIER_NEEDED,
  workshopMoveProblem,
  type WorkshopLocation,
  type WorkshopStage,
} from '@loupe/contracts';
import {
  ChoiceField,
  ClientPicker,
  DayField,
  FormActions,
  FormNotices,
  Modal,
  TextAreaField,
  TextField,
  today,
  useEntityForm,
  type ClientChoice,
  type FormProblems,
} from '@loupe/platform';
import { useMoveJob, type Job, type JobRow, type MoveBody } from '../api/jobs';
import { jobState } from '../lib/jobs';

/** What the move form holds: where the work is done (for the workshop) and a note for the history. */
interface MoveValues {
  location: WorkshopLocation | '';
  supplier: ClientChoice | null;
  supplierReference: string;
  expectedReturn: string;
  note: string;
}

const NOTE_MAX = 500;
const REFERENCE_MAX = 100;

/** The location's choices with an empty first one, so nothing is chosen for the person. */
const LOCATION_CHOICES = ['', ...WORKSHOP_LOCATIONS] as const;
const LOCATION_CHOICE_LABELS: Record<(typeof LOCATION_CHOICES)[number], string> = {
  '': 'Choose…',
  ...WORKSHOP_LOCATION_LABELS,
};

/** The move as the service takes it (StageMoveInput). */
export function moveBody(to: WorkshopStage, values: MoveValues): MoveBody {
  const body: MoveBody = { to };
  if (values.note.trim()) body.note = values.note.trim();
  if (to === 'in_workshop') {
    body.location = values.location || null;
    if (values.location === 'sent_out') {
      body.supplierId = values.supplier?.id ?? null;
      if (values.supplierReference.trim()) body.supplierReference = values.supplierReference.trim();
      body.expectedReturn = values.expectedReturn || null;
    }
  }
  return body;
}

/** The contracts' rule with the location (as the service checks it), its refusal beside the field it is about. */
function checkMove(job: JobRow, to: WorkshopStage, values: MoveValues): FormProblems<MoveValues> {
  const body = moveBody(to, values);
  const problem = workshopMoveProblem(jobState(job), {
    stage: to,
    location: body.location,
    supplierId: body.supplierId,
  });
  if (!problem) return {};
  if (problem === WORKSHOP_SUPPLIER_NEEDED) return { supplier: problem };
  if (problem === WORKSHOP_LOCATION_NEEDED || to === 'in_workshop') return { location: problem };
  return { note: problem };
}

export interface MoveDialogProps {
  job: JobRow;
  to: WorkshopStage;
  onClose(): void;
  onMoved(job: Job): void;
}

/**
 * Moves a job to a stage that needs more than a click: into the workshop (in house, or sent out to a supplier —
 * a client record — with its reference and expected return), or any move with a note for its history. The
 * contracts' rule is checked before sending; the service's 409 (someone moved it first) is shown above the form.
 */
export function MoveDialog({ job, to, onClose, onMoved }: MoveDialogProps) {
  const move = useMoveJob();
  const intoWorkshop = to === 'in_workshop';
  const controller = useEntityForm<MoveValues, Job>({
    values: {
      location: intoWorkshop && job.stage === 'in_workshop' && job.location === 'in_house' ? 'sent_out' : '',
      supplier: null,
      supplierReference: '',
      expectedReturn: '',
      note: '',
    },
    check: (values) => checkMove(job, to, values),
    save: (values) => move.mutateAsync({ id: job.id, body: moveBody(to, values) }),
    serverFields: {
      location: 'location',
      supplierId: 'supplier',
      supplierReference: 'supplierReference',
      expectedReturn: 'expectedReturn',
      note: 'note',
    },
    failedText: 'The job could not be moved. Please try again.',
    savedMessage: null,
    guard: false,
    onSaved: (saved) => onMoved(saved),
  });
  const { text, value, busy, form } = controller;
  const location = form.watch('location');
  const title = `Move ${job.reference} to ${intoWorkshop && job.stage === to ? 'another location' : WORKSHOP_STAGE_LABELS[to]}`;

  return (
    <Modal open title={title} onClose={onClose} closeLabel="Cancel">
      <form
        ref={controller.formRef}
        onSubmit={(event) => void controller.onSubmit(event)}
        noValidate
        aria-label={title}
      >
        <FormNotices controller={controller} status={false} />
        {intoWorkshop ? (
          <>
            <ChoiceField
              label="Where is the work done?"
              options={LOCATION_CHOICES}
              labels={LOCATION_CHOICE_LABELS}
              required
              {...value('location')}
            />
            {location === 'sent_out' ? (
              <>
                <ClientPicker
                  label="Supplier"
                  required
                  hint="The brand service centre or watchmaker, as a client record."
                  {...value('supplier')}
                />
                <TextField
                  label="Supplier’s reference"
                  maxLength={REFERENCE_MAX}
                  autoComplete="off"
                  {...text('supplierReference')}
                />
                <DayField label="Expected back" min={today()} {...value('expectedReturn')} />
              </>
            ) : null}
          </>
        ) : null}
        <TextAreaField
          label="Note"
          hint="Kept in the job’s history."
          maxLength={NOTE_MAX}
          {...text('note')}
        />
        <FormActions submitLabel="Move" busy={busy} busyLabel="Moving..." />
      </form>
    </Modal>
  );
}
