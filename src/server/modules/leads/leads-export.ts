import { LEAD_SOURCE_LABELS } from '#shared/schemas/lead-sources.ts';
import type { TLeadExportQuery } from '#shared/schemas/leads.ts';
import { csvCell } from '#shared/csv.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { searchPattern, type LeadsDeps } from './leads.service.ts';
import * as repo from './leads.repo.ts';

/**
 * Lead CSV export: the leads the list shows for the same filters (status, priority, search), in
 * the columns the import reads (leads-import.ts), so a downloaded file goes back in unchanged.
 * Cells a spreadsheet would run as a formula are defused (`csvCell`); the import takes the
 * apostrophe off again. The file is streamed a page of leads at a time: a business with 100,000
 * leads never has them all in memory.
 */
export const EXPORT_HEADER = [
  'Name',
  'Email',
  'Phone',
  'Service',
  'Location',
  'Notes',
  'Value',
  'Status',
  'Source',
  'Priority',
];

/** `leads-YYYY-MM-DD.csv`, dated by the business's own calendar (its time zone in Settings). */
export async function exportFileName(deps: LeadsDeps, auth: AuthContext, now = new Date()): Promise<string> {
  const { date } = isoToZoned(now.toISOString(), await tenantTimezone(deps, auth.tenantId));
  return `leads-${date}.csv`;
}

/** Leads per database round trip. */
const EXPORT_PAGE = 1000;

const line = (cells: (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export async function* exportLeadsCsv(
  deps: LeadsDeps,
  auth: AuthContext,
  query: TLeadExportQuery,
): AsyncGenerator<string> {
  yield line(EXPORT_HEADER);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await repo.listLeads(deps.db, {
      tenantId: auth.tenantId,
      limit: EXPORT_PAGE,
      status: query.status,
      priority: query.priority,
      pattern: searchPattern(query.q),
      after,
    });
    if (rows.length === 0) return;
    const notes = await repo.leadNotes(
      deps.db,
      auth.tenantId,
      rows.map((r) => r.lead.id),
    );
    let chunk = '';
    for (const { lead: r } of rows) {
      chunk += line([
        r.name,
        r.email,
        r.phone,
        r.service,
        r.location,
        (notes.get(r.id) ?? []).join('\n\n'),
        // The import takes a value on a converted lead only: it is what the finished job was worth.
        r.status === 'converted' && r.jobValue !== null ? r.jobValue.toFixed(2) : '',
        r.status,
        LEAD_SOURCE_LABELS[r.source],
        r.priority,
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1)!;
    after = { at: last.cursorAt, id: last.lead.id };
  }
}
