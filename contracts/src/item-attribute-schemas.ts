import { Type } from '@sinclair/typebox';
import { Choice, Nullable, Text } from './common';
import { ATTRIBUTE_TEXT_MAX, CONDITION_GRADES, METALS, MOVEMENTS } from './item-attributes';

/*
 * The item attributes (rules and scales in item-attributes.ts) as the item schemas carry them: every one in
 * Item and ItemRow; every one optional in ItemCreate and ItemUpdate (left out of an edit: kept as it is).
 */

/** In Item and ItemRow: '' or null when not recorded. */
export const itemAttributeFields = {
  referenceNumber: Type.String(),
  year: Nullable(Type.Integer()),
  box: Nullable(Type.Boolean()),
  papers: Nullable(Type.Boolean()),
  caseMaterial: Type.String(),
  /** Millimetres, up to 2 decimals. */
  caseDiameterMm: Nullable(Type.Number()),
  dial: Type.String(),
  movement: Nullable(Choice(MOVEMENTS)),
  conditionGrade: Nullable(Choice(CONDITION_GRADES)),
  metal: Type.Union([Choice(METALS), Type.Literal('')]),
  /** Parts per thousand (750 = 18ct gold, 925 = sterling silver). */
  fineness: Nullable(Type.Integer()),
  /** Grams, up to 2 decimals. */
  weightGrams: Nullable(Type.Number()),
  hallmark: Type.String(),
  stones: Type.String(),
};

const NumberInput = Type.Optional(Nullable(Type.Union([Type.Number(), Text({ maxLength: 40 })])));
const ChoiceInput = Type.Optional(Nullable(Text({ maxLength: 20 })));

/**
 * In ItemCreate and ItemUpdate. Numbers as JSON numbers or typed text ("41.5", "1,234.5"); null or '' clears.
 * Choices are plain text here and checked by the service, so a wrong one is a field error naming the field:
 * 400 `{"conditionGrade": ["\"mint\" is not a valid choice."]}`; year 1800..this year; fineness 1..999.
 */
export const itemAttributeInputFields = {
  referenceNumber: Type.Optional(Text({ maxLength: ATTRIBUTE_TEXT_MAX.referenceNumber })),
  year: NumberInput,
  box: Type.Optional(Nullable(Type.Boolean())),
  papers: Type.Optional(Nullable(Type.Boolean())),
  caseMaterial: Type.Optional(Text({ maxLength: ATTRIBUTE_TEXT_MAX.caseMaterial })),
  caseDiameterMm: NumberInput,
  dial: Type.Optional(Text({ maxLength: ATTRIBUTE_TEXT_MAX.dial })),
  movement: ChoiceInput,
  conditionGrade: ChoiceInput,
  metal: ChoiceInput,
  fineness: NumberInput,
  weightGrams: NumberInput,
  hallmark: Type.Optional(Text({ maxLength: ATTRIBUTE_TEXT_MAX.hallmark })),
  stones: Type.Optional(Text({ maxLength: ATTRIBUTE_TEXT_MAX.stones, multiline: true })),
};
