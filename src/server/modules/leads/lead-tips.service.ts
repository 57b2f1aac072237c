import { z } from 'zod';
import type { TLeadRecommendations } from '#shared/schemas/leads.ts';
import { zString } from '#shared/schemas/string.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { notFound } from '#server/errors.ts';
import { featuresOf } from './lead-features.ts';
import { playbook } from './lead-playbook.ts';
import { isUuid, toLead } from './lead-view.ts';
import type { LeadsDeps } from './leads.service.ts';
import * as repo from './leads.repo.ts';

const ZTips = z.object({ recommendations: z.array(zString().trim().min(1).max(400)).min(1).max(6) });

/** Get Tips: the AI layer when a provider is configured, else the playbook; kept on the lead. */
export async function leadRecommendations(
  deps: Pick<LeadsDeps, 'db' | 'ai'>,
  auth: AuthContext,
  id: string,
): Promise<TLeadRecommendations> {
  const lead = isUuid(id) ? await repo.findLead(deps.db, auth.tenantId, id) : undefined;
  if (!lead) throw notFound('Lead');
  const now = new Date();
  const features = featuresOf(lead, now);
  const view = toLead(lead, new Map());
  const { value, source } = await deps.ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZTips,
      system:
        'You are a sales coach for small home-service businesses (HVAC, plumbing, electrical, roofing). Give short, concrete next steps.',
      prompt: [
        `Give 3 to 5 next steps to win this lead, most important first, each one sentence.`,
        `Lead: ${view.name}; service: ${view.service}; location: ${view.location}; status: ${view.status}; priority: ${view.priority}.`,
        `Phone: ${view.phone ? 'yes' : 'missing'}; email: ${view.email ? 'yes' : 'missing'}; came in ${Math.floor((now.getTime() - lead.createdAt.getTime()) / 3_600_000)} hours ago.`,
        `Score ${view.leadScore}/100, urgency ${view.urgencyScore}/100; factors: ${view.scoreFactors.map((f) => `${f.label} (${f.points})`).join(', ') || 'not scored yet'}.`,
      ].join('\n'),
      offline: () => ({
        recommendations: playbook({
          name: lead.name,
          service: lead.service,
          status: view.status,
          features,
          ageHours: (now.getTime() - lead.createdAt.getTime()) / 3_600_000,
        }),
      }),
    },
  );
  await repo.updateLead(deps.db, auth.tenantId, lead.id, { aiRecommendations: value.recommendations });
  return { recommendations: value.recommendations, source };
}
