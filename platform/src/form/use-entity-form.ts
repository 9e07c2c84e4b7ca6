import {
  useCallback,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type SetStateAction,
  type FocusEvent,
  type FormEvent,
  type RefObject,
} from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { readServerErrors } from '../lib/server-errors';
import { notify } from '../ui/toast';
import { editConflictOf, type EditConflict } from '../ui/edit-conflict';
import { errorMessage } from '../lib/server-errors';
import { useUnsavedChangesGuard } from './unsaved-guard';

/*
 * The edit/create controller (issue 21 item 5), the form's counterpart of the list controller
 * (platform/src/list): react-hook-form keeps the fields; this keeps what every Loupe form did by hand around
 * them — the record's version sent with each save and a 409/412 "changed by someone else" answered with Reload
 * (kernel/record-versions.ts on the server, issue 12), the service's field errors put beside their fields, one
 * send at a time with the actions disabled, a question before unsaved changes are left, and a word after every
 * save (issue 21 item 7: "saving a client says nothing").
 */

/**
 * Field name → message: what a form's own check (its contracts rules) finds wrong. A form holding a list of rows
 * (a purchase's items, a deal's payments) names a row's field with rowFieldName: `lines:buy3:price`.
 */
export type FormProblems<V> = Partial<Record<(keyof V & string) | RowFieldName<keyof V & string>, string>>;

/** The name of one row's field in a list the form holds: `<list>:<row key>:<field>`. */
export type RowFieldName<L extends string = string> = `${L}:${string}:${string}`;

/**
 * A row's field's name: its message and the `name` of its control. It is keyed by the row's own key, not its
 * position, so a message stays with its row when a row before it is removed; with no `.` or `[` in it,
 * react-hook-form keeps it as one flat name beside the list's own (`lines`: "Add at least one item.").
 */
export const rowFieldName = <L extends string>(list: L, key: string, field: string): RowFieldName<L> =>
  `${list}:${key}:${field}`;

/** A list's rows' messages from a form's messages, by row key then field: `{buy3: {price: '…'}}`. */
export function rowMessages(
  messages: Readonly<Record<string, string>>,
  list: string,
): Record<string, Record<string, string>> {
  const rows: Record<string, Record<string, string>> = {};
  const prefix = `${list}:`;
  for (const [name, message] of Object.entries(messages)) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const split = rest.lastIndexOf(':');
    if (split <= 0) continue;
    (rows[rest.slice(0, split)] ??= {})[rest.slice(split + 1)] = message;
  }
  return rows;
}

/** What a save's later step (an upload after the record was saved) reports; the record it saved is kept. */
export class FormFailure<R = unknown> extends Error {
  constructor(readonly failure: { fields?: Record<string, string>; form?: string | null; record?: R }) {
    super(failure.form ?? 'The form could not be saved.');
    this.name = 'FormFailure';
  }
}

/** A record as the service answers it: its version is what the next edit is based on. */
export type Versioned = object;

/** The version a record carries (clients and items do; a record without one is saved without it). */
const versionOf = (record: object | null): number | undefined => {
  const version = (record as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
};

export interface EntityFormOptions<V extends FieldValues, R extends Versioned> {
  /** The fields as the form opens: empty ones to create, `toValues(record)` to edit. */
  values: V;
  /** Edit: the record as loaded. Its version goes with the save; after a save, the saved record's does. */
  record?: R | null;
  /** The record's fields for the form: what Reload puts back after a conflict. */
  toValues?(record: R): V;
  /** The form's own checks, before anything is sent (the contracts' field rules; SPEC §5's own words). */
  check?(values: V): FormProblems<V>;
  /** Creates or updates; `version` is the loaded (or last saved) record's, undefined when creating. */
  save(values: V, context: { version: number | undefined; record: R | null }): Promise<R>;
  /** Loads the record as it is now (Reload after a conflict). */
  reload?(): Promise<R>;
  /** The service's field names → the form's, where they differ; any other name's message goes above the form. */
  serverFields?: Readonly<Record<string, string>>;
  /** Said above the form when a refusal explains nothing else. */
  failedText: string;
  /** Said above the form when the service's refusal is all beside the fields ("Please correct the highlighted fields."). */
  fieldErrorsText?: string;
  /** Said above the form when its own check stopped the send (default: nothing, the fields say it). */
  checkErrorsText?: string;
  /** What is said after a save: the spec's own words where it has some; default "Saved."; null says nothing. */
  savedMessage?: string | ((saved: R, values: V) => string) | null;
  /**
   * `status` (default) says it in the form's polite status line, for a form that stays; `toast` through the
   * shell's toaster (also a polite live region), for one that is left after saving, so the word outlives it.
   */
  announce?: 'status' | 'toast';
  /** After a save (and its message): navigate, close a dialog… The form is clean by then. */
  onSaved?(saved: R, values: V): void;
  /**
   * A refusal the page explains in its own way (the AML cash guard's 409 with its own notice, the rows of a list
   * field): true when it did, and the controller then says nothing of it (setFormError is the page's). What was
   * typed stays either way.
   */
  onFailed?(error: unknown): boolean;
  /** Ask before unsaved changes are left (default true). A dialog's form sets false: it is closed, not left. */
  guard?: boolean;
}

export interface TextBinding {
  name: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  onBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  ref(element: HTMLElement | null): void;
  error: string | undefined;
}

export interface ValueBinding<T> {
  name: string;
  value: T;
  onChange(value: T): void;
  error: string | undefined;
}

export interface EntityForm<V extends FieldValues, R extends Versioned> {
  form: UseFormReturn<V>;
  /** Spread on a TextField / TextAreaField / SelectField: registered, its error beside it, cleared on typing. */
  text(name: Path<V>): TextBinding;
  /** For a control that answers a value (ChoiceField, DayField, a checkbox group). */
  value<N extends Path<V>>(name: N): ValueBinding<PathValue<V, N>>;
  /** Sets a field as typed (dirty) and clears its error. */
  set<N extends Path<V>>(name: N, value: PathValue<V, N>): void;
  /** Clears these fields' messages (a row's fields, as they are typed in). */
  clear(names: readonly string[]): void;
  /** Runs the form's own check as a submit would (messages shown, the focus on the first) without saving. */
  validate(): Promise<boolean>;
  /**
   * Shows a refusal the page read itself (a check the service answered, its rows named by rowFieldName): each
   * message beside its field, `form` above the form, the focus on the first field named.
   */
  showFailure(fields: Readonly<Record<string, string>>, form: string | null): void;
  /** The message beside a field (its own check's, or the service's). */
  errorOf(name: Path<V> | string): string | undefined;
  /** The form's onSubmit. */
  onSubmit(event?: FormEvent): Promise<void>;
  busy: boolean;
  /** The message above the form, or null. */
  formError: string | null;
  setFormError(message: string | null): void;
  /** Someone else changed the record since it was loaded (409/412); what was typed stays until Reload. */
  conflict: EditConflict | null;
  reload(): Promise<void>;
  reloading: boolean;
  reloadError: string | null;
  /** What the form said after its last save, for its status line; null until then. */
  status: string | null;
  /** The record the next save is based on (loaded, reloaded or last saved). */
  record: R | null;
  /** Moves the record on after another action saved it (a void, an image removed): its version is the next base. */
  setRecord: Dispatch<SetStateAction<R | null>>;
  /** Every field's message by name, for a group of fields drawn by one component (ItemFields). */
  messages: Record<string, string>;
  formRef: RefObject<HTMLFormElement | null>;
  isDirty: boolean;
  /** True when there is nothing unsaved, or the person agreed to lose it (a Cancel button asks this). */
  confirmLeave(): boolean;
}

const SAVED = 'Saved.';

/** A resolver of the form's own check: plain functions, no schema library. */
function checkResolver<V extends FieldValues>(check?: (values: V) => FormProblems<V>): Resolver<V> {
  return (values) => {
    const problems = check?.(values) ?? {};
    const entries = Object.entries(problems).filter(([, message]) => Boolean(message)) as [string, string][];
    if (entries.length === 0) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of entries) errors[name] = { type: 'check', message };
    return { values: {}, errors: errors as unknown as FieldErrors<V> };
  };
}

export function useEntityForm<V extends FieldValues, R extends Versioned>(
  options: EntityFormOptions<V, R>,
): EntityForm<V, R> {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const form = useForm<V>({
    defaultValues: options.values as DefaultValues<V>,
    resolver: checkResolver<V>((values) => optionsRef.current.check?.(values) ?? {}),
    // Errors show on submit; typing in a field clears its own (text/value below), as the forms always did.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { formState, clearErrors, setError, reset, register, setValue, watch, getValues } = form;
  const [record, setRecord] = useState<R | null>(options.record ?? null);
  const recordRef = useRef(record);
  recordRef.current = record;
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const { confirmLeave } = useUnsavedChangesGuard((options.guard ?? true) && formState.isDirty && !busy);

  /**
   * Keyboard and screen-reader users land on the first field that needs them, in the order of the page: at once
   * by name, else (a control named otherwise) once the fields show they are invalid.
   */
  const focusFirstError = useCallback((names: readonly string[]) => {
    const wanted = new Set(names);
    // A control by its name; a message that is no control's (a list's own: "Add at least one item.") by the
    // `data-field` of what stands for it (the list's heading, tabIndex -1).
    const elements = Array.from(formRef.current?.querySelectorAll<HTMLElement>('[name], [data-field]') ?? []);
    const first = elements.find(
      (element) =>
        (wanted.has(element.getAttribute('name') ?? '') || wanted.has(element.dataset.field ?? '')) &&
        !element.hasAttribute('disabled'),
    );
    if (first) {
      first.focus();
      return;
    }
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }, []);

  const knows = (name: string) => Object.prototype.hasOwnProperty.call(getValues(), name);

  /** The service's (or a later step's) field messages beside their fields; the rest above the form. */
  const showFailure = (fields: Record<string, string>, form: string | null) => {
    const above: string[] = form ? [form] : [];
    for (const [name, message] of Object.entries(fields)) {
      if (knows(name)) setError(name as Path<V>, { type: 'server', message });
      else above.push(message);
    }
    setFormError(above.length > 0 ? above.join(' ') : null);
    focusFirstError(Object.keys(fields));
  };

  /** Messages the page read itself, by any name (a row's field, a file input): beside them, the rest above. */
  const showPageFailure = (fields: Readonly<Record<string, string>>, form: string | null) => {
    for (const [name, message] of Object.entries(fields))
      setError(name as Path<V>, { type: 'server', message });
    setFormError(form);
    focusFirstError(Object.keys(fields));
  };

  const send = async (values: V) => {
    const opts = optionsRef.current;
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFormError(null);
    setStatus(null);
    let saved: R;
    try {
      saved = await opts.save(values, { version: versionOf(recordRef.current), record: recordRef.current });
    } catch (error) {
      sending.current = false;
      setBusy(false);
      if (error instanceof FormFailure) {
        const { record: kept, fields = {}, form = null } = error.failure as FormFailure<R>['failure'];
        if (kept !== undefined) setRecord(kept);
        // A later step's fields are the page's own (a file input the form's values do not hold).
        showPageFailure(fields, form);
        return;
      }
      // The page said it (its own notice, or its own words above the form).
      if (opts.onFailed?.(error)) return;
      const found = editConflictOf(error);
      setConflict(found);
      if (found) return;
      const server = readServerErrors(error, opts.failedText, { fields: opts.serverFields ?? undefined });
      // Without a name map the service's names are the form's (readServerErrors leaves them as they are).
      showFailure(server.fields, server.form ?? opts.fieldErrorsText ?? null);
      return;
    }
    sending.current = false;
    setBusy(false);
    setRecord(saved);
    setConflict(null);
    // The values just saved are the form's clean state: nothing unsaved, no question on leaving.
    reset(values, { keepDefaultValues: false });
    const message =
      opts.savedMessage === null
        ? null
        : typeof opts.savedMessage === 'function'
          ? opts.savedMessage(saved, values)
          : (opts.savedMessage ?? SAVED);
    if (message !== null) {
      if (opts.announce === 'toast') notify(message);
      else setStatus(message);
    }
    opts.onSaved?.(saved, values);
  };

  const refused = (errors: FieldErrors<V>) => {
    setFormError(optionsRef.current.checkErrorsText ?? null);
    focusFirstError(Object.keys(errors));
  };
  const submit = form.handleSubmit(send, refused);

  const validate = async () => {
    let passed = false;
    await form.handleSubmit(() => {
      passed = true;
    }, refused)();
    return passed;
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current) return;
    await submit();
  };

  const reload = async () => {
    const opts = optionsRef.current;
    if (!opts.reload || !opts.toValues) return;
    setReloading(true);
    setReloadError(null);
    try {
      const fresh = await opts.reload();
      setRecord(fresh);
      reset(opts.toValues(fresh));
      setConflict(null);
      setFormError(null);
    } catch (error) {
      setReloadError(errorMessage(error, 'The record could not be loaded again.'));
    } finally {
      setReloading(false);
    }
  };

  const errorOf = (name: string): string | undefined => {
    const error = (formState.errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  const text = (name: Path<V>): TextBinding => {
    const registered = register(name);
    return {
      name: registered.name,
      ref: registered.ref,
      onBlur: (event) => void registered.onBlur(event),
      onChange: (event) => {
        void registered.onChange(event);
        clearErrors(name);
        // "Saved." was said of the values as saved: a change makes it untrue.
        setStatus(null);
      },
      error: errorOf(name),
    };
  };

  const set = <N extends Path<V>>(name: N, value: PathValue<V, N>) => {
    setValue(name, value, { shouldDirty: true });
    clearErrors(name);
    setStatus(null);
  };

  const clear = (names: readonly string[]) => {
    if (names.length > 0) clearErrors(names as Path<V>[]);
  };

  const value = <N extends Path<V>>(name: N): ValueBinding<PathValue<V, N>> => ({
    name,
    value: watch(name),
    onChange: (next) => set(name, next),
    error: errorOf(name),
  });

  return {
    form,
    text,
    value,
    set,
    clear,
    validate,
    showFailure: showPageFailure,
    errorOf,
    onSubmit,
    busy,
    formError,
    setFormError,
    conflict,
    reload,
    reloading,
    reloadError,
    status,
    record,
    setRecord,
    messages: Object.fromEntries(
      Object.keys(formState.errors)
        .map((name) => [name, errorOf(name)])
        .filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    formRef,
    isDirty: formState.isDirty,
    confirmLeave,
  };
}
