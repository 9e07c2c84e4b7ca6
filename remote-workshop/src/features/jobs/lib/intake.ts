import {
  JOB_MAX_PHOTOS,
  JOB_PHOTO_TYPES,
  WORKSHOP_PHOTO_TYPE,
  WORKSHOP_TOO_MANY_PHOTOS,
  readDecimal,
  type ConditionGrade,
} from '@loupe/contracts';
import { today, type ClientChoice, type FormProblems } from '@loupe/platform';
import type { JobBody } from '../api/jobs';

/** Whose piece comes in: a client's own, or one of the shop's stock items serviced before sale. */
export type IntakeKind = 'client' | 'stock';

/** The stock item a pre-sale service is for, as the serial lookup found it. */
export interface StockChoice {
  id: number;
  stockNumber: number;
  name: string;
}

/** What the intake form holds, as typed. */
export interface IntakeValues {
  kind: IntakeKind;
  client: ClientChoice | null;
  item: StockChoice | null;
  brand: string;
  model: string;
  makerReference: string;
  serial: string;
  conditionGrade: ConditionGrade | '';
  conditionNotes: string;
  declaredValue: string;
  reportedFault: string;
  requestedWork: string;
  accessories: string;
  promisedDate: string;
  rush: boolean;
  estimateRequired: boolean;
  depositRequested: string;
  notes: string;
  photos: File[];
}

/** The contracts' lengths (JobInput), said before sending. */
export const INTAKE_MAX = {
  brand: 60,
  model: 60,
  makerReference: 60,
  serial: 100,
  conditionNotes: 2000,
  reportedFault: 2000,
  requestedWork: 2000,
  accessories: 500,
  notes: 2000,
} as const;

export const intakeDefaults = (): IntakeValues => ({
  kind: 'client',
  client: null,
  item: null,
  brand: '',
  model: '',
  makerReference: '',
  serial: '',
  conditionGrade: '',
  conditionNotes: '',
  declaredValue: '',
  reportedFault: '',
  requestedWork: '',
  accessories: '',
  promisedDate: '',
  rush: false,
  // The client approves a price before any work unless they say otherwise (the service's default too).
  estimateRequired: true,
  depositRequested: '',
  notes: '',
  photos: [],
});

/** An amount in pounds by the one amount rule (contracts' readDecimal), or why it is not one. */
function poundsProblem(text: string, label: string): string | null {
  if (!text.trim()) return null;
  const read = readDecimal(text, { maxDecimals: 2, maxWholeDigits: 12, currency: 'GBP' });
  return 'error' in read ? `${label}: ${read.error}` : null;
}

/** Why a chosen photo cannot be sent, or null (the service decides by the bytes; this spares a doomed upload). */
export const photoProblem = (file: File): string | null =>
  (JOB_PHOTO_TYPES as readonly string[]).includes(file.type) ? null : `${file.name}: ${WORKSHOP_PHOTO_TYPE}`;

/** The form's own check: what the service would refuse, in the field it belongs to. */
export function checkIntake(values: IntakeValues): FormProblems<IntakeValues> {
  const problems: FormProblems<IntakeValues> = {};
  if (values.kind === 'client' && !values.client) problems.client = 'Choose the client whose piece it is.';
  if (values.kind === 'stock' && !values.item) problems.item = 'Find the stock item by its serial.';
  if (!values.reportedFault.trim()) problems.reportedFault = 'Say what the client reports.';
  for (const [name, max] of Object.entries(INTAKE_MAX) as [keyof typeof INTAKE_MAX, number][]) {
    if (values[name].length > max) problems[name] = `Ensure this field has no more than ${max} characters.`;
  }
  const declared = poundsProblem(values.declaredValue, 'Declared value');
  if (declared) problems.declaredValue = declared;
  const deposit = poundsProblem(values.depositRequested, 'Deposit requested');
  if (deposit) problems.depositRequested = deposit;
  if (values.promisedDate && values.promisedDate < today())
    problems.promisedDate = 'The promised date cannot be before today.';
  if (values.photos.length > JOB_MAX_PHOTOS) problems.photos = WORKSHOP_TOO_MANY_PHOTOS;
  else {
    const wrong = values.photos.map(photoProblem).find(Boolean);
    if (wrong) problems.photos = wrong;
  }
  return problems;
}

/** The job as the service takes it (JobInput): blanks left out, amounts as typed (the service reads them). */
export function intakeBody(values: IntakeValues): JobBody {
  const text = (value: string) => value.trim() || undefined;
  const body: JobBody = {
    reportedFault: values.reportedFault.trim(),
    brand: text(values.brand),
    model: text(values.model),
    makerReference: text(values.makerReference),
    serial: text(values.serial),
    conditionGrade: values.conditionGrade || null,
    conditionNotes: text(values.conditionNotes),
    declaredValue: text(values.declaredValue) ?? null,
    requestedWork: text(values.requestedWork),
    accessories: text(values.accessories),
    promisedDate: values.promisedDate || null,
    rush: values.rush,
    estimateRequired: values.estimateRequired,
    depositRequested: text(values.depositRequested) ?? null,
    notes: text(values.notes),
  };
  if (values.kind === 'client') body.clientId = values.client?.id ?? null;
  else body.itemId = values.item?.id ?? null;
  for (const key of Object.keys(body) as (keyof JobBody)[]) if (body[key] === undefined) delete body[key];
  return body;
}
