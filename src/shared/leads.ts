// The leads area's constants without zod, so a page that only shows leads loads no schema
// code; schemas/leads.ts re-exports them beside the schemas that use them.

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export const LEAD_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];
export type TLeadPriority = (typeof LEAD_PRIORITIES)[number];

/** A converted job's value in dollars: the PATCH's bounds, also checked by the Convert dialog. */
export const JOB_VALUE_MAX = 99_999_999;
export const JOB_VALUE_MESSAGES = {
  notANumber: 'Job value must be a number',
  negative: 'Job value cannot be negative',
  tooLarge: 'Job value is too large',
} as const;

/** Lead CSV import: how many rows and characters a file may have. */
export const LEAD_IMPORT_MAX_ROWS = 5_000;
export const LEAD_IMPORT_MAX_CHARS = 1_000_000;
export const LEAD_IMPORT_MESSAGES = {
  noFile: 'Choose a CSV file to import.',
  tooLarge: 'The CSV file must be 1 MB or smaller.',
  noHeader:
    'The CSV needs a header row naming its columns: name, service and location, and optionally email, phone, notes, value, status, source and priority.',
  noRows: 'The CSV has no leads under its header row.',
  tooManyRows: (rows: number) =>
    `Import at most ${LEAD_IMPORT_MAX_ROWS.toLocaleString('en-US')} leads at a time; this file has ${rows.toLocaleString('en-US')}.`,
} as const;

/** The client-side analytics events of the spec. */
export const LEAD_EVENTS = { added: 'lead_added', qualified: 'lead_qualified' } as const;
