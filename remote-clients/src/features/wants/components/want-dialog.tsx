import {
  CONDITION_GRADES,
  CONDITION_GRADE_LABELS,
  WANT_LIMITS,
  type Want,
  type WantSaved,
} from '@loupe/contracts';
import {
  DecimalField,
  FieldGrid,
  FormActions,
  FormNotices,
  Modal,
  SelectField,
  TextAreaField,
  TextField,
  useEntityForm,
} from '@loupe/platform';
import { useState } from 'react';
import { useCatalogueChoices } from '../api/get-catalogue';
import { useSaveWant } from '../api/save-want';
import { checkWant, EMPTY_WANT, toWrite, valuesOf, type WantValues } from '../lib/want-values';

/**
 * Add a want, or edit one (issue 24 item 5): the brand and then one of its models from the shop's catalogue, as
 * the item form offers them, a reference, a year range, the lowest condition, the most the client will pay and
 * notes. A blank criterion matches anything. Saving asks the service to match it against the stock at once.
 */
export function WantDialog({
  clientId,
  clientName,
  want,
  onClose,
}: {
  clientId: number;
  clientName: string;
  /** The want to edit; none to add one. */
  want?: Want;
  onClose(): void;
}) {
  const save = useSaveWant(clientId);
  const controller = useEntityForm<WantValues, WantSaved>({
    values: want ? valuesOf(want) : EMPTY_WANT,
    check: checkWant,
    failedText: 'The want could not be saved. Please try again.',
    savedMessage: null,
    guard: false,
    // An inactive want (kept, matched against nothing) stays so: the service clears what a PUT leaves out.
    save: (values) =>
      save.mutateAsync({
        id: want?.id,
        body: want ? { ...toWrite(values), active: want.active } : toWrite(values),
      }),
    onSaved: () => onClose(),
  });
  // The brand and model the want had when the form opened stay offered, even if retired since.
  const [opened] = useState(() => ({ brand: want?.brand, model: want?.model }));
  const catalogue = useCatalogueChoices(opened);
  const brand = controller.form.watch('brand');
  const brandBinding = controller.text('brand');
  const title = want ? `Edit want of ${clientName}` : `Add a want for ${clientName}`;

  return (
    <Modal open title={title} onClose={onClose} closeLabel="Cancel">
      <form
        ref={controller.formRef}
        onSubmit={controller.onSubmit}
        noValidate
        aria-label={want ? 'Edit want' : 'Add want'}
      >
        <FormNotices controller={controller} status={false} />
        <FieldGrid>
          <SelectField
            label="Brand"
            {...brandBinding}
            error={brandBinding.error ?? catalogue.error ?? undefined}
            hint={catalogue.loading ? 'Loading the brands…' : undefined}
            aria-busy={catalogue.loading}
            onChange={(event) => {
              void brandBinding.onChange(event);
              // SPEC §4, as on the item form: changing the brand clears the chosen model.
              controller.set('model', '');
            }}
          >
            <option value="">Choose a brand</option>
            {catalogue.brands.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Model"
            {...controller.text('model')}
            disabled={!brand}
            hint={brand ? undefined : 'Choose a brand first.'}
          >
            <option value="">{brand ? 'Any model' : 'No model'}</option>
            {catalogue.modelsOf(brand).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        </FieldGrid>
        <TextField
          label="Reference"
          maxLength={WANT_LIMITS.reference}
          autoComplete="off"
          {...controller.text('reference')}
        />
        <FieldGrid $min={140}>
          <TextField label="Year from" inputMode="numeric" maxLength={4} {...controller.text('yearFrom')} />
          <TextField label="Year to" inputMode="numeric" maxLength={4} {...controller.text('yearTo')} />
        </FieldGrid>
        <FieldGrid $min={180}>
          <SelectField label="Minimum condition" {...controller.text('conditionGrade')}>
            <option value="">Any condition</option>
            {CONDITION_GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {CONDITION_GRADE_LABELS[grade]}
              </option>
            ))}
          </SelectField>
          <DecimalField label="Maximum price (£)" places={2} {...controller.text('maxPrice')} />
        </FieldGrid>
        <TextAreaField label="Notes" maxLength={WANT_LIMITS.notes} rows={3} {...controller.text('notes')} />
        <FormActions
          submitLabel={want ? 'Save want' : 'Add want'}
          busy={controller.busy}
          busyLabel="Saving..."
        />
      </form>
    </Modal>
  );
}
