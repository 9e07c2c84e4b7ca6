/**
 * The enquiries module (issue 24 item 2): the form on every storefront item page, the public POST that turns
 * it into a lead, and the staff's list, reply, conversion into a client and closing.
 */
export {
  enquiryFormHtml,
  enquiryPath,
  ENQUIRY_FORM_ID,
  ENQUIRY_FORM_STYLE,
  ENQUIRY_RETENTION_MONTHS,
  type EnquiryFormOptions,
  type EnquiryFormValues,
  type EnquiryField,
} from './form';
