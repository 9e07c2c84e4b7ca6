import { ENQUIRY_FORM_ERRORS, ENQUIRY_LIMITS, textProblem, withoutRefusedCharacters } from '@loupe/contracts';
import { isValidEmail } from '../../kernel/validation';
import { isValidPhone } from '../clients';
import type { EnquiryField, EnquiryFormValues } from './form';

/** What a post of the form said, as text (every field a string or absent: the body of a urlencoded form). */
export type PostedForm = Record<string, string | undefined>;

const oneLine = (value: string | undefined) => withoutRefusedCharacters((value ?? '').trim());
/** A message keeps its line breaks; other control and invisible characters are left out. */
const multiline = (value: string | undefined) =>
  Array.from((value ?? '').replace(/\r\n?/g, '\n').trim())
    .filter((c) => textProblem(`x${c}x`, 'multiline') === null)
    .join('');

/** The form's values as a person typed them (cleaned of characters no field keeps). */
export function formValues(body: PostedForm): EnquiryFormValues {
  return {
    name: oneLine(body.name),
    email: oneLine(body.email),
    phone: oneLine(body.phone),
    message: multiline(body.message),
    consent: body.consent === 'yes',
  };
}

/** Each field's error, in the words the form shows beside it; empty when the enquiry may be kept. */
export function formErrors(values: EnquiryFormValues): Partial<Record<EnquiryField, string>> {
  const errors: Partial<Record<EnquiryField, string>> = {};
  const tooLong = ENQUIRY_FORM_ERRORS.tooLong;
  if (!values.name) errors.name = ENQUIRY_FORM_ERRORS.name;
  else if (values.name.length > ENQUIRY_LIMITS.name) errors.name = tooLong('Your name', ENQUIRY_LIMITS.name);
  if (!values.email && !values.phone) errors.email = ENQUIRY_FORM_ERRORS.contact;
  if (values.email && (values.email.length > ENQUIRY_LIMITS.email || !isValidEmail(values.email)))
    errors.email = ENQUIRY_FORM_ERRORS.email;
  if (values.phone && (values.phone.length > ENQUIRY_LIMITS.phone || !isValidPhone(values.phone)))
    errors.phone = ENQUIRY_FORM_ERRORS.phone;
  if (!values.message) errors.message = ENQUIRY_FORM_ERRORS.message;
  else if (values.message.length > ENQUIRY_LIMITS.message)
    errors.message = tooLong('Your message', ENQUIRY_LIMITS.message);
  if (!values.consent) errors.consent = ENQUIRY_FORM_ERRORS.consent;
  return errors;
}
