import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { featuresOf, type ScorableLead } from './lead-features.ts';
import { activityFor, scoreRow } from './lead-scoring.service.ts';
import { fitModel, scoreLead } from './lead-scoring.ts';
import type { LeadsDeps } from './leads.service.ts';
import * as repo from './leads.repo.ts';

/**
 * A lead of the demo business's history, as the leads area would have stored it by now: the
 * facts a person or a form gave, where it came from, and its status with the moments it changed.
 */
export type DemoLead = ScorableLead & {
  location: string;
  /** As the leads table keeps a source: null entered by hand, 'gbp', 'organic', 'social', … */
  source: string | null;
  closedAt: Date | null;
  nextFollowUpAt: Date | null;
  /** The job's value, as the owner enters it on Convert (converted leads only). */
  jobValue?: string | null;
  /** An organic lead's search words, as lead intake stores them ('page': the tracked keyword of the page it came in on). */
  searchKeyword?: string | null;
  searchKeywordFrom?: 'page' | null;
};

/** How likely the priors think a lead is to convert, 0–1, judged when it closed. */
export function priorChance(lead: DemoLead, closedAt: Date): number {
  return scoreLead(featuresOf({ ...lead, status: 'new' }, closedAt), 'new').conversionProbability / 100;
}

/** The feed entries of one lead's life so far, as the status changes would have written them. */
function lifeOf(lead: DemoLead, id: string): repo.NewActivity[] {
  const rows: repo.NewActivity[] = [
    {
      type: 'lead_created',
      title: `New lead: ${lead.name}`,
      description: `${lead.service} in ${lead.location}`,
      createdAt: lead.createdAt,
    },
  ];
  if (lead.lastContactedAt)
    rows.push({ type: 'lead_contacted', title: `Contacted ${lead.name}`, createdAt: lead.lastContactedAt });
  if (lead.qualifiedAt)
    rows.push({
      type: 'lead_qualified',
      title: `${lead.name} qualified automatically`,
      description: 'Reachable, promising and recent',
      createdAt: lead.qualifiedAt,
    });
  if (lead.closedAt)
    rows.push({ type: `lead_${lead.status}`, title: `${lead.name} ${lead.status}`, createdAt: lead.closedAt });
  return rows.map((r) => ({ ...r, description: r.description ?? null, leadId: id }));
}

/**
 * The demo business's lead history (modules/demo), stored as the leads area stores its own: scored
 * by the model learned from its closed leads, each with its feed, the open ones ending on their
 * score. Refused for any other business, which never gets sample rows. Answers the ids in order.
 */
export async function addDemoLeads(
  deps: Pick<LeadsDeps, 'db'>,
  tenantId: string,
  planned: DemoLead[],
  now = new Date(),
): Promise<string[]> {
  await assertDemoBusiness(deps, tenantId, 'leads');
  const model = fitModel(
    planned
      .filter((l) => l.closedAt)
      .map((l) => ({ features: featuresOf(l, l.closedAt ?? now), converted: l.status === 'converted' })),
  );
  const scored = planned.map((lead) => ({ lead, ...scoreRow(lead, model, now) }));
  const ids = await repo.insertLeads(
    deps.db,
    tenantId,
    scored.map(({ lead, columns }) => ({
      ...lead,
      ...columns,
      updatedAt: lead.closedAt ?? lead.lastContactedAt ?? lead.createdAt,
    })),
  );
  const feed = scored.flatMap(({ lead, score }, i) => {
    const id = ids[i] ?? '';
    const life = lifeOf(lead, id);
    // The open leads were scored just now, so the feed ends with their scores.
    if (lead.closedAt) return life;
    const at = new Date(now.getTime() - (planned.length - i) * 60_000);
    return [...life, { ...activityFor(lead.name, score), leadId: id, createdAt: at }];
  });
  await repo.insertActivities(deps.db, tenantId, feed);
  return ids;
}
