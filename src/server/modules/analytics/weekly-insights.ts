import { topInsights } from '#server/modules/coach/coach.service.ts';
import { createTrackedLink } from '#server/modules/links/links.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';

/**
 * The coach's top 3 current insights for the mail, each action a tracked link (source email) so
 * its clicks count; none (and no section) when the coach has nothing.
 */
export async function coachInsightsForMail(deps: AnalyticsDeps, tenantId: string, now: Date) {
  try {
    const list = await topInsights(deps, tenantId, 3, now);
    return await Promise.all(
      list.map(async (i) => ({
        title: i.title,
        figures: i.figures.map((f) => `${f.label}: ${f.value}`).join('; ') || i.message,
        action: i.action?.label ?? 'Open the AI Coach',
        url: (
          await createTrackedLink(deps, tenantId, {
            targetUrl: `${deps.appUrl}${i.action?.href ?? '/ai-coach'}`,
            source: 'email',
            sourceId: 'weekly_report',
          })
        ).url,
      })),
    );
  } catch {
    return []; // the report still goes out without the coach's part
  }
}
