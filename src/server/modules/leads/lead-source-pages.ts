import type { TLead } from '#shared/schemas/leads.ts';
import type { Db } from '#server/db/client.ts';
import { landingPagesForAttribution } from '#server/modules/website/landing.service.ts';
import type { LeadViewRow } from './lead-rows.ts';
import { landingPageIdOf, toLead, type LeadListItem } from './lead-view.ts';

// Leads as the API shows them, with the title of the landing page each one came from (a lead's
// source names the page by id; the website area knows its title).

/** The titles of these landing pages by id, in one query (none asked when there are none). */
async function pageTitles(db: Db, tenantId: string, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id) => id !== null);
  const pages = wanted.length > 0 ? await landingPagesForAttribution({ db }, tenantId, wanted) : [];
  return new Map(pages.map((p) => [p.id, p.title]));
}

export async function leadViews(db: Db, tenantId: string, rows: LeadViewRow[]): Promise<TLead[]> {
  const titles = await pageTitles(
    db,
    tenantId,
    rows.map((r) => landingPageIdOf(r.source)),
  );
  return rows.map((r) => toLead(r, titles));
}

export const leadView = async (db: Db, tenantId: string, row: LeadViewRow) =>
  (await leadViews(db, tenantId, [row]))[0]!;

/** The list's leads (already mapped by its statement) with their landing pages' titles put in. */
export async function nameSourcePages(db: Db, tenantId: string, items: LeadListItem[]): Promise<TLead[]> {
  const titles = await pageTitles(
    db,
    tenantId,
    items.map((i) => i.pageId),
  );
  for (const { lead, pageId } of items) if (pageId !== null) lead.sourcePage = titles.get(pageId) ?? null;
  return items.map((i) => i.lead);
}
