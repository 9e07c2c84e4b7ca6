export { ClientPicker, type ClientChoice, type ClientPickerProps } from './client-picker';
export { ClientFilterPicker, type ClientFilterPickerProps } from './client-filter-picker';
export { useClientName, useClientSearch, type ClientOption } from './client-search';
export { ReportSuspicion, type ReportSuspicionProps } from './report-suspicion';
