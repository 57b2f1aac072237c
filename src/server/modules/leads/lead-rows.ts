import type { activities, leads } from '#server/db/schema/index.ts';

// The rows the leads area reads, as the repository answers them and the views map them (a file
// of its own so that the two need not import each other).

export type LeadRow = typeof leads.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
/** What the API shows of a lead: the list reads only these columns. */
export type LeadViewRow = Omit<LeadRow, 'tenantId' | 'qualifiedAt' | 'closedAt'>;
/** A list row: the lead plus its created_at at full (microsecond) precision, for the cursor. */
export type LeadListRow = LeadViewRow & { cursorAt: string };
