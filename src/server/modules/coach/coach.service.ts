import {
  INSIGHT_PRIORITIES,
  INSIGHT_TYPES,
  LEAD_SOURCE_LABELS,
  type TGenerateResult,
  type TInsight,
  type TInsightList,
  type TRevenueBySource,
} from '#shared/schemas/coach.ts';
import type { Ai } from '#server/ai/ai.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { notFound } from '#server/errors.ts';
import { reviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import { socialDeps } from '#server/modules/social/social.service.ts';
import { websiteDeps } from '#server/modules/website/website.deps.ts';
import type { AppServices } from '#server/services.ts';
import { COACH_SYSTEM, coachPrompt, offlineInsights, ZDraftInsights, type DraftInsight } from './coach-insights.ts';
import { blogFacts, leadFacts, readerAuth, reviewFacts, socialFacts, type CoachSourceDeps } from './coach-sources.ts';
import { buildSummary, DAY_MS, windowFigures, type CoachSummary } from './coach-summary.ts';
import { goalFacts } from './coach-goals.service.ts';
import * as repo from './coach.repo.ts';

export interface CoachDeps extends CoachSourceDeps {
  ai: Ai;
}

export function coachDeps(services: AppServices): CoachDeps {
  return {
    db: services.database.db,
    ai: services.ai,
    social: socialDeps(services),
    reviews: reviewsDeps(services),
    website: websiteDeps(services),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const insightNotFound = () => notFound('Insight');
/** Insights stay on the list for two weeks. */
const VALID_DAYS = 14;

interface InsightMeta {
  figures?: { label: string; value: string }[];
  action?: { label: string; href: string } | null;
  source?: 'ai' | 'offline';
}

function toInsight(row: repo.InsightRow): TInsight {
  const meta = (row.metadata ?? {}) as InsightMeta;
  const pick = <T extends string>(list: readonly T[], v: string, fallback: T) =>
    list.includes(v as T) ? (v as T) : fallback;
  return {
    id: row.id,
    insightType: pick(INSIGHT_TYPES, row.insightType, 'other'),
    title: row.title,
    message: row.message,
    priority: pick(INSIGHT_PRIORITIES, row.priority, 'medium'),
    category: row.category,
    actionable: row.actionable,
    isRead: row.isRead,
    isActionTaken: row.isActionTaken,
    action: meta.action ?? null,
    figures: Array.isArray(meta.figures) ? meta.figures : [],
    source: meta.source ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The summary of the last 30/90 days the coach reasons over. */
export async function businessSummary(deps: CoachDeps, auth: AuthContext, now = new Date()): Promise<CoachSummary> {
  const [leads, social, reviews, blog, goals] = await Promise.all([
    leadFacts(deps, auth.tenantId, new Date(now.getTime() - 90 * DAY_MS)),
    socialFacts(deps, auth),
    reviewFacts(deps, auth),
    blogFacts(deps, auth),
    goalFacts(deps, auth, now),
  ]);
  return buildSummary({ now, leads, social, reviews, blogPublishedAt: blog, goals });
}

/** Get New Insights: the AI layer over the summary, or the rule-based engine; stored for the list. */
export async function generateInsights(deps: CoachDeps, auth: AuthContext, now = new Date()): Promise<TGenerateResult> {
  const summary = await businessSummary(deps, auth, now);
  const { value, source } = await deps.ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZDraftInsights,
      system: COACH_SYSTEM,
      prompt: coachPrompt(summary),
      offline: () => ({ insights: offlineInsights(summary) }),
    },
  );
  const rows = await repo.insertInsights(
    deps.db,
    auth.tenantId,
    value.insights.map((d: DraftInsight) => ({
      userId: auth.userId || null,
      insightType: d.insightType,
      title: d.title,
      message: d.message,
      priority: d.priority,
      category: d.category,
      actionable: true,
      relatedFeature: d.action.href,
      metadata: { figures: d.figures, action: d.action, source } satisfies InsightMeta,
      validUntil: new Date(now.getTime() + VALID_DAYS * DAY_MS),
    })),
  );
  return { insights: rows.map(toInsight), source, missing: summary.missing };
}

export async function listInsights(deps: Pick<CoachDeps, 'db'>, auth: AuthContext): Promise<TInsightList> {
  return { insights: (await repo.listInsights(deps.db, auth.tenantId)).map(toInsight) };
}

export async function markInsight(
  deps: Pick<CoachDeps, 'db'>,
  auth: AuthContext,
  id: string,
  change: 'read' | 'acted',
): Promise<TInsight> {
  const changes = change === 'read' ? { isRead: true } : { isRead: true, isActionTaken: true };
  const row = UUID.test(id) ? await repo.updateInsight(deps.db, auth.tenantId, id, changes) : undefined;
  if (!row) throw insightNotFound();
  return toInsight(row);
}

/** Revenue by source: converted jobs and their value per lead source over the last `days`. */
export async function revenueBySource(
  deps: Pick<CoachDeps, 'db'>,
  auth: AuthContext,
  days: number,
  now = new Date(),
): Promise<TRevenueBySource> {
  const leads = await leadFacts(deps, auth.tenantId, new Date(now.getTime() - days * DAY_MS));
  const figures = windowFigures(leads, now, days);
  return {
    days,
    sources: figures.bySource.map((s) => ({ ...s, label: LEAD_SOURCE_LABELS[s.source] })),
    totalRevenue: figures.revenue,
  };
}

/** The weekly job: fresh insights for every business that uses the coach. */
export async function weeklyInsights(deps: CoachDeps, now = new Date()): Promise<{ tenants: number; failed: number }> {
  let tenants = 0;
  let failed = 0;
  for (const tenantId of await repo.coachTenants(deps.db)) {
    try {
      await generateInsights(deps, readerAuth(tenantId), now);
      tenants += 1;
    } catch {
      failed += 1;
    }
  }
  return { tenants, failed };
}
