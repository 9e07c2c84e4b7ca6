import {
  ATTRIBUTE_TEXT_MAX,
  CONDITION_GRADES,
  CONDITION_GRADE_LABELS,
  JEWELLERY_ATTRIBUTES,
  METALS,
  MOVEMENTS,
  MOVEMENT_LABELS,
  WATCH_ATTRIBUTES,
  readItemAttributes,
  type ItemAttributeName,
  type ItemAttributesInput,
  type ItemAttributeValues,
  type StockType,
} from '@loupe/contracts';
import { DecimalField, FieldGrid, SelectField, TextAreaField, TextField } from '@loupe/platform';
import { memo } from 'react';
import styled from 'styled-components';

/*
 * The watch and jewellery attributes of the item form (issue 22), all optional. The rules are contracts'
 * readItemAttributes, which the service reads them with too: what this form accepts, the service accepts.
 */

/** The attributes as the form holds them: what was typed; yes/no as 'yes' | 'no' | '' (not recorded). */
export type AttributeFormValues = Record<ItemAttributeName, string>;

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const text = (value: number | string | null) => (value === null ? '' : String(value));

/** The form's values of an item's attributes (a new item: all empty). */
export function attributeFormValues(item?: ItemAttributeValues): AttributeFormValues {
  return {
    referenceNumber: item?.referenceNumber ?? '',
    year: text(item?.year ?? null),
    box: yesNo(item?.box ?? null),
    papers: yesNo(item?.papers ?? null),
    caseMaterial: item?.caseMaterial ?? '',
    caseDiameterMm: text(item?.caseDiameterMm ?? null),
    dial: item?.dial ?? '',
    movement: item?.movement ?? '',
    conditionGrade: item?.conditionGrade ?? '',
    metal: item?.metal ?? '',
    fineness: text(item?.fineness ?? null),
    weightGrams: text(item?.weightGrams ?? null),
    hallmark: item?.hallmark ?? '',
    stones: item?.stones ?? '',
  };
}

/** The attributes a stock type is described by (an accessory: none). */
export function attributesOf(stockType: StockType): readonly ItemAttributeName[] {
  if (stockType === 'Watches') return WATCH_ATTRIBUTES;
  if (stockType === 'Jewellery') return JEWELLERY_ATTRIBUTES;
  return [];
}

/**
 * What the add and update endpoints take: the attributes of the stock type that differ from `since` (what the
 * item had; for a new item nothing), blanks as null or ''. Those left out stay as they are on an edit, those of
 * another stock type included.
 */
export function attributesInput(
  values: AttributeFormValues,
  stockType: StockType,
  since: AttributeFormValues = attributeFormValues(),
): ItemAttributesInput {
  const input: Record<string, unknown> = {};
  for (const name of attributesOf(stockType)) {
    const value = values[name];
    if (value.trim() === since[name].trim()) continue;
    if (name === 'box' || name === 'papers') input[name] = value === '' ? null : value === 'yes';
    else input[name] = value.trim();
  }
  return input as ItemAttributesInput;
}

/** Why the shown attributes cannot be sent, by field: the service's rule and words (this year as the latest). */
export function checkAttributes(
  values: AttributeFormValues,
  stockType: StockType,
): Partial<Record<ItemAttributeName, string>> {
  // Blanks are always allowed: only what was typed is checked.
  return readItemAttributes(attributesInput(values, stockType), new Date().getFullYear()).errors;
}

const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

interface AttributeFieldsProps {
  stockType: StockType;
  values: AttributeFormValues;
  errors: Partial<Record<string, string>>;
  onChange(values: AttributeFormValues): void;
}

/**
 * Watch details for a watch, jewellery details for a jewel; nothing for an accessory. Memoised: typing in the
 * rest of the item form (a serial, a purchase line) does not redraw these fields.
 */
export const AttributeFields = memo(function AttributeFields({
  stockType,
  values,
  errors,
  onChange,
}: AttributeFieldsProps) {
  const shown = attributesOf(stockType);
  if (shown.length === 0) return null;
  const set = (name: ItemAttributeName) => (event: { target: { value: string } }) =>
    onChange({ ...values, [name]: event.target.value });
  const line = (name: keyof typeof ATTRIBUTE_TEXT_MAX, label: string, hint?: string) => (
    <TextField
      label={label}
      autoComplete="off"
      maxLength={ATTRIBUTE_TEXT_MAX[name]}
      hint={hint}
      value={values[name]}
      error={errors[name]}
      onChange={set(name)}
    />
  );
  const yesNoField = (name: 'box' | 'papers', label: string) => (
    <SelectField label={label} value={values[name]} error={errors[name]} onChange={set(name)}>
      <option value="">Not recorded</option>
      <option value="yes">Yes</option>
      <option value="no">No</option>
    </SelectField>
  );
  const condition = (
    <SelectField
      label="Condition"
      value={values.conditionGrade}
      error={errors.conditionGrade}
      onChange={set('conditionGrade')}
    >
      <option value="">Not graded</option>
      {CONDITION_GRADES.map((grade) => (
        <option key={grade} value={grade}>
          {CONDITION_GRADE_LABELS[grade]}
        </option>
      ))}
    </SelectField>
  );

  if (stockType === 'Watches') {
    return (
      <Group>
        <legend>Watch details</legend>
        <FieldGrid $min={200}>
          {line('referenceNumber', 'Reference Number', 'e.g. 126610LN')}
          <TextField
            label="Year"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={values.year}
            error={errors.year}
            onChange={set('year')}
          />
          {yesNoField('box', 'Box')}
          {yesNoField('papers', 'Papers')}
          {line('caseMaterial', 'Case Material', 'e.g. Oystersteel, 18ct yellow gold')}
          <DecimalField
            label="Case Diameter (mm)"
            places={2}
            value={values.caseDiameterMm}
            error={errors.caseDiameterMm}
            onChange={set('caseDiameterMm')}
          />
          {line('dial', 'Dial')}
          <SelectField
            label="Movement"
            value={values.movement}
            error={errors.movement}
            onChange={set('movement')}
          >
            <option value="">Not recorded</option>
            {MOVEMENTS.map((movement) => (
              <option key={movement} value={movement}>
                {MOVEMENT_LABELS[movement]}
              </option>
            ))}
          </SelectField>
          {condition}
        </FieldGrid>
      </Group>
    );
  }
  return (
    <Group>
      <legend>Jewellery details</legend>
      <FieldGrid $min={200}>
        <SelectField label="Metal" value={values.metal} error={errors.metal} onChange={set('metal')}>
          <option value="">Not recorded</option>
          {METALS.map((metal) => (
            <option key={metal} value={metal}>
              {metal}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Fineness"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint="Parts per thousand, e.g. 750 for 18ct gold, 925 for sterling silver."
          value={values.fineness}
          error={errors.fineness}
          onChange={set('fineness')}
        />
        <DecimalField
          label="Weight (g)"
          places={2}
          value={values.weightGrams}
          error={errors.weightGrams}
          onChange={set('weightGrams')}
        />
        {line('hallmark', 'Hallmark', 'e.g. London, 2019')}
        {condition}
      </FieldGrid>
      <TextAreaField
        label="Stones"
        maxLength={ATTRIBUTE_TEXT_MAX.stones}
        hint="e.g. Round brilliant diamond 1.02ct, G VS1, GIA certificate"
        value={values.stones}
        error={errors.stones}
        onChange={set('stones')}
      />
    </Group>
  );
});
