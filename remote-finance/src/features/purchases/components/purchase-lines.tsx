import { REGISTER_RESULTS, STOCK_TYPES } from '@loupe/contracts';
import {
  FieldGrid,
  FileField,
  formatMoney,
  SelectField,
  TextAreaField,
  TextField,
  DayField,
  ChoiceField,
  today,
  FieldError,
} from '@loupe/platform';
import styled from 'styled-components';
import { AmountField, RowBox, RowList, rowFieldId } from '../../../components/payment-rows';
import type { Catalogue } from '../api/get-catalogue';
import { CERTIFICATE_ACCEPT, certificateProblem, CERTIFICATE_HINT } from '../lib/certificate';
import { REGISTER_RESULT_LABELS } from '../lib/purchase-labels';
import {
  INCLUDED,
  INCLUDED_LABELS,
  lineField,
  needsRegisterCheck,
  TEXT_MAX,
  type PurchaseLineValues,
  type RegisterCheckValues,
} from '../lib/purchase-values';

/*
 * The buy-in's items, one group each ("Item 2"): what it is, its price, the intake record (condition, what came
 * with it, notes) and, for a watch, the stolen-goods register check — marked required when the price is at or
 * above the shop's threshold, so staff see it before Confirm, not after a refusal.
 */

const Part = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)} 0`};
  min-width: 0;
  border: 1px dashed ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.95rem;
  }
`;

const Boxes = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    min-height: 32px;
  }
`;

const Required = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  font-size: 0.9rem;
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

export const lineLegend = (index: number) => `Item ${index + 1}`;

interface LinesProps {
  lines: PurchaseLineValues[];
  errors: Record<string, Record<string, string>>;
  /** The shop's register-check threshold in pounds, or null while it is not known. */
  threshold: number | null;
  catalogue: Catalogue;
  conditionGrades: readonly { value: string; label: string }[];
  onChange(key: string, patch: Partial<PurchaseLineValues>): void;
  onRemove(key: string): void;
}

export function PurchaseLines({ lines, onRemove, ...rest }: LinesProps) {
  return (
    <RowList aria-label="Items">
      {lines.map((line, index) => (
        <li key={line.key}>
          <RowBox
            legend={lineLegend(index)}
            removeLabel={lineLegend(index)}
            onRemove={() => onRemove(line.key)}
          >
            <LineFields line={line} {...rest} />
          </RowBox>
        </li>
      ))}
    </RowList>
  );
}

function LineFields({
  line,
  errors: all,
  threshold,
  catalogue,
  conditionGrades,
  onChange,
}: Omit<LinesProps, 'lines' | 'onRemove'> & { line: PurchaseLineValues }) {
  const errors = all[line.key];
  const set = (patch: Partial<PurchaseLineValues>) => onChange(line.key, patch);
  const id = (field: string) => rowFieldId(line.key, field);
  // Each control's name in the form: its message's, so the form can focus the first in error.
  const name = (field: string) => lineField(line.key, field);
  const models = catalogue.find((brand) => brand.name === line.brand)?.models ?? [];
  const checkRequired = needsRegisterCheck(line, threshold);
  const setCheck = (patch: Partial<RegisterCheckValues>) => set({ check: { ...line.check, ...patch } });
  const checkError = (field: string) => errors?.[field];

  return (
    <>
      <FieldGrid $min={170}>
        <ChoiceField
          id={id('stockType')}
          name={name('stockType')}
          label="Stock type"
          value={line.stockType}
          options={STOCK_TYPES}
          error={errors?.stockType}
          onChange={(stockType) => set({ stockType })}
        />
        <SelectField
          id={id('brand')}
          name={name('brand')}
          label="Brand"
          value={line.brand}
          error={errors?.brand}
          // SPEC §4: a model is chosen after its brand, from that brand's list.
          onChange={(event) => set({ brand: event.target.value, model: '' })}
        >
          <option value="">No brand</option>
          {catalogue.map((brand) => (
            <option key={brand.name} value={brand.name}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={id('model')}
          name={name('model')}
          label="Model"
          value={line.model}
          disabled={!line.brand}
          error={errors?.model}
          hint={line.brand ? undefined : 'Choose a brand first.'}
          onChange={(event) => set({ model: event.target.value })}
        >
          <option value="">{line.brand ? 'Choose a model' : 'No model'}</option>
          {models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('serial')}
          name={name('serial')}
          label="Serial"
          required
          autoComplete="off"
          maxLength={TEXT_MAX.serial}
          value={line.serial}
          error={errors?.serial}
          onChange={(event) => set({ serial: event.target.value })}
        />
        <AmountField
          id={id('price')}
          name={name('price')}
          label="Price (GBP)"
          value={line.price}
          error={errors?.price}
          hint={
            threshold !== null && line.stockType === 'Watches'
              ? `A register check is required from ${formatMoney(threshold)}.`
              : undefined
          }
          onChange={(price) => set({ price })}
        />
      </FieldGrid>
      <TextAreaField
        id={id('description')}
        name={name('description')}
        label="Description"
        rows={2}
        maxLength={TEXT_MAX.description}
        value={line.description}
        error={errors?.description}
        onChange={(event) => set({ description: event.target.value })}
      />

      <Part>
        <legend>Intake</legend>
        <FieldGrid $min={200}>
          <SelectField
            id={id('conditionGrade')}
            name={name('conditionGrade')}
            label="Condition grade"
            value={line.conditionGrade}
            error={errors?.conditionGrade}
            onChange={(event) => set({ conditionGrade: event.target.value })}
          >
            <option value="">Not graded</option>
            {conditionGrades.map((grade) => (
              <option key={grade.value} value={grade.value}>
                {grade.label}
              </option>
            ))}
          </SelectField>
        </FieldGrid>
        <Part>
          <legend>Came with</legend>
          <Boxes>
            {INCLUDED.map((name) => (
              <label key={name}>
                <input
                  type="checkbox"
                  checked={line.included[name]}
                  onChange={(event) => set({ included: { ...line.included, [name]: event.target.checked } })}
                />
                {INCLUDED_LABELS[name]}
              </label>
            ))}
          </Boxes>
        </Part>
        <TextAreaField
          id={id('intakeNotes')}
          name={name('intakeNotes')}
          label="Intake notes"
          rows={2}
          maxLength={TEXT_MAX.notes}
          value={line.intakeNotes}
          error={errors?.intakeNotes}
          onChange={(event) => set({ intakeNotes: event.target.value })}
        />
      </Part>

      {line.stockType === 'Watches' ? (
        <Part aria-describedby={checkRequired ? id('check-required') : undefined}>
          <legend>Stolen-goods register check{checkRequired ? ' (required)' : ''}</legend>
          {checkRequired ? (
            <Required id={id('check-required')}>
              Required: the price is at or above the shop’s threshold
              {threshold !== null ? ` of ${formatMoney(threshold)}` : ''}.
            </Required>
          ) : (
            <Note>Optional below the shop’s threshold; recorded with the purchase when given.</Note>
          )}
          {errors?.check ? <FieldError>{errors.check}</FieldError> : null}
          <FieldGrid $min={180}>
            <TextField
              id={id('checkProvider')}
              name={name('checkProvider')}
              label="Provider"
              required={checkRequired}
              autoComplete="off"
              maxLength={TEXT_MAX.provider}
              value={line.check.provider}
              error={checkError('checkProvider')}
              onChange={(event) => setCheck({ provider: event.target.value })}
            />
            <TextField
              id={id('checkReference')}
              name={name('checkReference')}
              data-field={name('check')}
              label="Search reference"
              required={checkRequired}
              autoComplete="off"
              maxLength={TEXT_MAX.reference}
              value={line.check.reference}
              error={checkError('checkReference')}
              onChange={(event) => setCheck({ reference: event.target.value })}
            />
            <DayField
              id={id('checkCheckedOn')}
              name={name('checkCheckedOn')}
              label="Date of search"
              required={checkRequired}
              max={today()}
              value={line.check.checkedOn}
              error={checkError('checkCheckedOn')}
              onChange={(checkedOn) => setCheck({ checkedOn })}
            />
            <SelectField
              id={id('checkResult')}
              name={name('checkResult')}
              label="Result"
              required={checkRequired}
              value={line.check.result}
              error={checkError('checkResult')}
              onChange={(event) => setCheck({ result: event.target.value as RegisterCheckValues['result'] })}
            >
              <option value="">Choose the result</option>
              {REGISTER_RESULTS.map((result) => (
                <option key={result} value={result}>
                  {REGISTER_RESULT_LABELS[result]}
                </option>
              ))}
            </SelectField>
          </FieldGrid>
          <FileField
            label="Certificate"
            name={name('checkCertificate')}
            accept={CERTIFICATE_ACCEPT}
            hint={CERTIFICATE_HINT}
            check={certificateProblem}
            file={line.check.certificate}
            onChange={(certificate) => setCheck({ certificate })}
            progress={null}
            progressLabel="Certificate upload"
            removeLabel="Remove certificate"
            error={checkError('checkCertificate')}
          />
        </Part>
      ) : null}
    </>
  );
}
