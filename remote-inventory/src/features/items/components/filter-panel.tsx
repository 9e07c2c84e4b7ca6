import {
  CONDITION_GRADE_LABELS,
  CONDITION_GRADES,
  ITEM_STATUSES,
  METALS,
  STOCK_TYPES,
} from '@loupe/contracts';
import { Button, FieldGrid, SelectField, Stack, TextField } from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCatalogueChoices } from '../api/get-catalogue';
import { STATUS_LABELS } from '../lib/labels';
import { normalisePriceFilter } from '../lib/validation';
import type { PanelFilter } from './list-screens';

export type FilterValues = Record<PanelFilter, string>;

const Form = styled.form`
  padding-bottom: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

interface FilterPanelProps {
  id: string;
  filters: readonly PanelFilter[];
  /** The filters in force (from the URL): the panel starts from them. */
  initial: FilterValues;
  onSave(values: FilterValues): void;
  onRemove(): void;
}

/**
 * The list's filter panel (SPEC §2, §5). Nothing applies until Save Filter; the model choice exists only
 * once a brand is chosen and lists that brand's models; a new brand clears the model.
 */
export function FilterPanel({ id, filters, initial, onSave, onRemove }: FilterPanelProps) {
  const [values, setValues] = useState<FilterValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<PanelFilter, string>>>({});
  const shows = (name: PanelFilter) => filters.includes(name);
  const set = (name: PanelFilter, value: string) => setValues((current) => ({ ...current, [name]: value }));
  // The shop's catalogue (issue 22); a filter in force keeps its brand and model even if since retired.
  const catalogue = useCatalogueChoices({ brand: initial.brand, model: initial.model });
  const models = catalogue.modelsOf(values.brand);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FilterValues = {
      ...values,
      search: values.search.trim(),
      reference: values.reference.trim(),
    };
    const problems: Partial<Record<PanelFilter, string>> = {};
    for (const name of ['min_price', 'max_price'] as const) {
      const normal = normalisePriceFilter(values[name]);
      if (normal === null) problems[name] = 'Enter a price, e.g. 1250 or £1,250.00.';
      else next[name] = normal;
    }
    if (!problems.min_price && !problems.max_price && next.min_price && next.max_price) {
      if (Number(next.min_price) > Number(next.max_price)) {
        problems.max_price = 'Max price must not be less than min price.';
      }
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onSave(next);
  }

  return (
    <Form id={id} aria-label="Filters" onSubmit={save} noValidate>
      <FieldGrid $min={180}>
        {shows('stock_type') ? (
          <SelectField
            label="Stock Type"
            value={values.stock_type}
            onChange={(event) => set('stock_type', event.target.value)}
          >
            <option value="">All stock types</option>
            {STOCK_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shows('status') ? (
          <SelectField
            label="Status"
            value={values.status}
            onChange={(event) => set('status', event.target.value)}
          >
            <option value="">Any status</option>
            {ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shows('brand') ? (
          <SelectField
            label="Brand"
            value={values.brand}
            hint={catalogue.loading ? 'Loading the brands…' : (catalogue.error ?? undefined)}
            onChange={(event) =>
              setValues((current) => ({ ...current, brand: event.target.value, model: '' }))
            }
          >
            <option value="">All brands</option>
            {catalogue.brands.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shows('model') ? (
          <SelectField
            label="Model"
            value={values.model}
            disabled={!values.brand}
            hint={values.brand ? undefined : 'Choose a brand first.'}
            onChange={(event) => set('model', event.target.value)}
          >
            <option value="">{values.brand ? `All ${values.brand} models` : 'All models'}</option>
            {models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shows('min_price') ? (
          <TextField
            label="Min Price (£)"
            hint="Purchase price, inclusive."
            inputMode="decimal"
            autoComplete="off"
            value={values.min_price}
            error={errors.min_price}
            onChange={(event) => set('min_price', event.target.value)}
          />
        ) : null}
        {shows('max_price') ? (
          <TextField
            label="Max Price (£)"
            inputMode="decimal"
            autoComplete="off"
            value={values.max_price}
            error={errors.max_price}
            onChange={(event) => set('max_price', event.target.value)}
          />
        ) : null}
        {shows('consignment') ? (
          <SelectField
            label="Consignment"
            value={values.consignment}
            onChange={(event) => set('consignment', event.target.value)}
          >
            <option value="">All</option>
            <option value="false">Owned</option>
            <option value="true">On consignment</option>
          </SelectField>
        ) : null}
        {shows('search') ? (
          <TextField
            label="Serial Number"
            type="search"
            autoComplete="off"
            hint="Serials starting with this text, or a stock number."
            value={values.search}
            onChange={(event) => set('search', event.target.value)}
          />
        ) : null}
        {shows('reference') ? (
          <TextField
            label="Reference Number"
            type="search"
            autoComplete="off"
            hint="References containing this text, e.g. 126610."
            value={values.reference}
            onChange={(event) => set('reference', event.target.value)}
          />
        ) : null}
        {shows('condition_grade') ? (
          <SelectField
            label="Condition"
            value={values.condition_grade}
            onChange={(event) => set('condition_grade', event.target.value)}
          >
            <option value="">Any condition</option>
            {CONDITION_GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {CONDITION_GRADE_LABELS[grade]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {(['box', 'papers'] as const).map((name) =>
          shows(name) ? (
            <SelectField
              key={name}
              label={name === 'box' ? 'Box' : 'Papers'}
              value={values[name]}
              onChange={(event) => set(name, event.target.value)}
            >
              <option value="">Any</option>
              <option value="true">{name === 'box' ? 'With box' : 'With papers'}</option>
              <option value="false">{name === 'box' ? 'Without box' : 'Without papers'}</option>
            </SelectField>
          ) : null,
        )}
        {shows('metal') ? (
          <SelectField
            label="Metal"
            value={values.metal}
            onChange={(event) => set('metal', event.target.value)}
          >
            <option value="">Any metal</option>
            {METALS.map((metal) => (
              <option key={metal} value={metal}>
                {metal}
              </option>
            ))}
          </SelectField>
        ) : null}
      </FieldGrid>
      <Stack $row $gap={2}>
        <Button type="submit">Save Filter</Button>
        <Button variant="secondary" onClick={onRemove}>
          Remove Filter
        </Button>
      </Stack>
    </Form>
  );
}
