import {
  JOB_VALUE_MAX,
  JOB_VALUE_MESSAGES,
  LEAD_IMPORT_MAX_ROWS,
  LEAD_IMPORT_MESSAGES,
  ZCreateLeadRequest,
  type TLeadImportResult,
  type TLeadPriority,
  type TLeadStatus,
} from '#shared/schemas/leads.ts';
import { ENTERED_SOURCES, LEAD_SOURCE_LABELS, storedSourceOf } from '#shared/schemas/lead-sources.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError } from '#server/errors.ts';
import { csvRows, undefused } from '#shared/csv.ts';
import { loadModel, scoreRow } from './lead-scoring.service.ts';
import { statusStamps, type LeadsDeps } from './leads.service.ts';
import * as repo from './leads.repo.ts';

/**
 * Lead CSV import: a file a small business keeps (name, service, location, and optionally email,
 * phone, notes, value, status, source, priority). Every row is checked first; a dry run answers
 * each bad row with its row number and why, and a real import saves every lead or none. Imported
 * leads carry the source 'csv' ("CSV import") unless the file names where the lead came from.
 */
type Field = 'name' | 'email' | 'phone' | 'service' | 'location' | 'notes' | 'value' | 'status' | 'source' | 'priority';

/** Header names (lower case, _ and - read as spaces) a spreadsheet may use for each field. */
const HEADERS = new Map<string, Field>();
const ALIASES: Record<Field, string[]> = {
  name: ['name', 'full name', 'customer', 'customer name', 'contact', 'contact name'],
  email: ['email', 'e mail', 'email address'],
  phone: ['phone', 'phone number', 'mobile', 'cell', 'telephone'],
  service: ['service', 'job', 'job type', 'service requested'],
  location: ['location', 'address', 'city', 'town'],
  notes: ['notes', 'note', 'comments', 'comment'],
  value: ['value', 'job value', 'amount'],
  status: ['status'],
  source: ['source', 'lead source'],
  priority: ['priority'],
};
for (const [field, names] of Object.entries(ALIASES)) for (const n of names) HEADERS.set(n, field as Field);
const headerKey = (h: string) => h.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');

/** A source cell: an entered source by key or label, or the import itself. */
const SOURCES = new Map<string, string | null>([
  ['', 'csv'],
  ['csv', 'csv'],
  [LEAD_SOURCE_LABELS.csv_import.toLowerCase(), 'csv'],
]);
for (const s of ENTERED_SOURCES) {
  SOURCES.set(s, storedSourceOf(s));
  SOURCES.set(LEAD_SOURCE_LABELS[s].toLowerCase(), storedSourceOf(s));
}
// An exported file names every source; these two come back as what the list showed.
SOURCES.set(LEAD_SOURCE_LABELS.landing_page.toLowerCase(), 'landing');
SOURCES.set(LEAD_SOURCE_LABELS.other.toLowerCase(), 'other');
const SOURCE_PROBLEM = `Source must be one of ${([...ENTERED_SOURCES, 'landing_page', 'other', 'csv_import'] as const).map((s) => LEAD_SOURCE_LABELS[s]).join(', ')}, or left empty.`;
const NOTES_MAX = 2000;

interface GoodRow {
  values: {
    name: string;
    email: string | null;
    phone: string | null;
    service: string;
    location: string;
    priority: TLeadPriority;
    status: TLeadStatus;
    source: string | null;
    jobValue: string | null;
  };
  notes: string;
}

/** One row checked: the lead it makes, or the reasons it cannot be imported. */
function checkRow(get: (f: Field) => string): GoodRow | { reasons: string[] } {
  const reasons: string[] = [];
  const lower = (f: Field) => get(f).toLowerCase();
  const parsed = ZCreateLeadRequest.safeParse({
    name: get('name'),
    email: get('email'),
    phone: get('phone'),
    service: get('service'),
    location: get('location'),
    ...(get('status') ? { status: lower('status') } : {}),
    ...(get('priority') ? { priority: lower('priority') } : {}),
  });
  if (!parsed.success) reasons.push(...parsed.error.issues.map((i) => i.message));
  const source = SOURCES.get(lower('source'));
  if (source === undefined) reasons.push(SOURCE_PROBLEM);
  const notes = get('notes');
  if (notes.length > NOTES_MAX) reasons.push(`Notes must be at most ${NOTES_MAX} characters.`);
  // A value is what a finished job was worth ("$1,350.00"), so it goes with converted leads.
  let jobValue: string | null = null;
  const value = get('value').replace(/[$,\s]/g, '');
  if (value) {
    const n = Number(value);
    if (!/^-?\d+(\.\d+)?$/.test(value)) reasons.push(JOB_VALUE_MESSAGES.notANumber);
    else if (n < 0) reasons.push(JOB_VALUE_MESSAGES.negative);
    else if (n > JOB_VALUE_MAX) reasons.push(JOB_VALUE_MESSAGES.tooLarge);
    else if (parsed.success && parsed.data.status !== 'converted')
      reasons.push('A value is the job’s worth: give it only on a converted lead.');
    else jobValue = n.toFixed(2);
  }
  if (reasons.length > 0 || !parsed.success || source === undefined) return { reasons };
  const { name, email, phone, service, location, priority, status } = parsed.data;
  return {
    values: { name, email: email ?? null, phone: phone ?? null, service, location, priority, status, source, jobValue },
    notes,
  };
}

export async function importLeads(
  deps: LeadsDeps,
  auth: AuthContext,
  csv: string,
  dryRun: boolean,
): Promise<TLeadImportResult> {
  const [header = [], ...lines] = csvRows(csv);
  // The first column of a field counts; a repeated or unknown one is listed as ignored.
  const at = new Map<Field, number>();
  const ignoredColumns: string[] = [];
  header.forEach((name, i) => {
    const field = HEADERS.get(headerKey(name));
    if (field && !at.has(field)) at.set(field, i);
    else if (name.trim()) ignoredColumns.push(name.trim().slice(0, 60));
  });
  if (!at.has('name') || !at.has('service') || !at.has('location'))
    throw new AppError('bad_request', LEAD_IMPORT_MESSAGES.noHeader);
  if (lines.length === 0) throw new AppError('bad_request', LEAD_IMPORT_MESSAGES.noRows);
  if (lines.length > LEAD_IMPORT_MAX_ROWS)
    throw new AppError('bad_request', LEAD_IMPORT_MESSAGES.tooManyRows(lines.length));

  const good: GoodRow[] = [];
  const problems: TLeadImportResult['problems'] = [];
  lines.forEach((cells, i) => {
    const get = (f: Field) => {
      const col = at.get(f);
      // An exported cell a spreadsheet would run as a formula comes back without its apostrophe.
      return col === undefined ? '' : undefused((cells[col] ?? '').trim());
    };
    const checked = checkRow(get);
    // Row numbers as a spreadsheet shows them: the header is row 1.
    if ('reasons' in checked) problems.push({ row: i + 2, name: get('name').slice(0, 120), reasons: checked.reasons });
    else good.push(checked);
  });
  const result = (imported: number) => ({ rows: lines.length, problems, ignoredColumns, imported });
  if (dryRun) return result(0);
  if (problems.length > 0) {
    const first = problems[0]!;
    const count = problems.length === 1 ? 'a row has a problem' : `${problems.length} rows have problems`;
    throw new AppError('bad_request', `Nothing was imported: ${count}. Row ${first.row}: ${first.reasons[0]}`);
  }

  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const model = await loadModel(tx, auth.tenantId);
    const rows = good.map(({ values }) => {
      const stamped = { ...values, createdAt: now, ...statusStamps(values.status, now) };
      const scored = scoreRow(
        {
          ...stamped,
          engagementLevel: 'unknown',
          qualifiedAt: stamped.qualifiedAt ?? null,
          lastContactedAt: stamped.lastContactedAt ?? null,
        },
        model,
        now,
      );
      // Converted without a value: the predicted value, as Convert does.
      const jobValue = stamped.jobValue ?? (stamped.status === 'converted' ? scored.columns.predictedValue : null);
      return { ...stamped, ...scored.columns, jobValue };
    });
    const ids = await repo.insertLeads(tx, auth.tenantId, rows);
    // A lead has no notes column: a row's notes are kept as a note on the lead's history.
    const notes = good.flatMap(({ values, notes }, i) =>
      notes
        ? [{ type: 'lead_note', title: `Note on ${values.name}`, description: notes, leadId: ids[i]!, createdAt: now }]
        : [],
    );
    await repo.insertActivities(tx, auth.tenantId, [
      ...notes.map((n) => ({ ...n, userId: auth.userId })),
      {
        type: 'leads_imported',
        title: `Imported ${good.length} lead${good.length === 1 ? '' : 's'} from a CSV file`,
        userId: auth.userId,
        // A moment after its notes, so the feed shows it on top of them.
        createdAt: new Date(now.getTime() + 1),
      },
    ]);
  });
  return result(good.length);
}
