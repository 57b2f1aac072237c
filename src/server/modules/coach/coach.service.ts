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
import { notFound, RateLimitError } from '#server/errors.ts';
import { reviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import { socialDeps } from '#server/modules/social/social.service.ts';
import { websiteDeps } from '#server/modules/website/website.deps.ts';
import type { AppServices } from '#server/services.ts';
import { citedFromSummary, COACH_SYSTEM, coachPrompt, ZDraftInsights, type DraftInsight } from './coach-insights.ts';
import { offlineInsights } from './coach-offline.ts';
import {
  attributionFacts,
  blogFacts,
  leadFacts,
  readerAuth,
  reviewFacts,
  searchFacts,
  socialFacts,
  trafficFacts,
  type CoachSourceDeps,
} from './coach-sources.ts';
import { buildSummary, DAY_MS, itemFigures, windowFigures, type CoachSummary } from './coach-summary.ts';
import { keywordFigures } from '#server/modules/leads/lead-keywords.ts';
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
  const [leads, social, reviews, blog, goals, search, traffic] = await Promise.all([
    leadFacts(deps, auth.tenantId, new Date(now.getTime() - 90 * DAY_MS)),
    socialFacts(deps, auth, now),
    reviewFacts(deps, auth, now),
    blogFacts(deps, auth),
    goalFacts(deps, auth, now),
    searchFacts(deps, auth),
    trafficFacts(deps, auth.tenantId, now),
  ]);
  const attribution = await attributionFacts(deps, auth.tenantId, leads, new Date(now.getTime() - 30 * DAY_MS));
  return buildSummary({ now, leads, social, reviews, blogPublishedAt: blog, goals, search, traffic, attribution });
}

/**
 * The model's insights over the summary, keeping only those whose figures the summary holds; the
 * rule-based ones when none is left, and for a system run (the weekly job) refused by a limit.
 */
async function draftInsights(
  deps: CoachDeps,
  auth: AuthContext,
  summary: CoachSummary,
): Promise<{ insights: DraftInsight[]; source: 'ai' | 'offline' }> {
  const offline = { insights: offlineInsights(summary), source: 'offline' as const };
  try {
    const { value, source } = await deps.ai.object(
      { tenantId: auth.tenantId, userId: auth.userId },
      {
        schema: ZDraftInsights,
        system: COACH_SYSTEM,
        prompt: coachPrompt(summary),
        offline: () => ({ insights: offline.insights }),
      },
    );
    if (source === 'offline') return offline;
    const cited = citedFromSummary(value.insights, summary);
    return cited.length ? { insights: cited, source } : offline;
  } catch (err) {
    if (!auth.userId && err instanceof RateLimitError) return offline;
    throw err;
  }
}

/** Get New Insights: the AI layer over the summary, or the rule-based engine; stored for the list. */
export async function generateInsights(deps: CoachDeps, auth: AuthContext, now = new Date()): Promise<TGenerateResult> {
  const summary = await businessSummary(deps, auth, now);
  const { insights, source } = await draftInsights(deps, auth, summary);
  const rows = await repo.insertInsights(
    deps.db,
    auth.tenantId,
    insights.map((d) => ({
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

const RANK: Record<string, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

/** The current insights (not expired, not acted on), most pressing first, newest first within a priority. */
export async function topInsights(
  deps: Pick<CoachDeps, 'db'>,
  tenantId: string,
  limit = 3,
  now = new Date(),
): Promise<TInsight[]> {
  const rows = await repo.listInsights(deps.db, tenantId);
  return rows
    .filter((r) => !r.isActionTaken && (!r.validUntil || r.validUntil > now))
    .map((r, i) => ({ insight: toInsight(r), i }))
    .sort((a, b) => (RANK[a.insight.priority] ?? 4) - (RANK[b.insight.priority] ?? 4) || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.insight);
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
  const since = new Date(now.getTime() - days * DAY_MS);
  const leads = await leadFacts(deps, auth.tenantId, since);
  const figures = windowFigures(leads, now, days);
  const facts = await attributionFacts(deps, auth.tenantId, leads, since);
  const items = facts ? itemFigures(leads, now, days, facts) : [];
  const sources = figures.bySource.map((s) => ({ ...s, label: LEAD_SOURCE_LABELS[s.source] }));
  // A post or page with clicks but no lead yet still shows, under its source with no leads.
  for (const item of items) {
    if (!sources.some((s) => s.source === item.source)) {
      sources.push({ source: item.source, label: LEAD_SOURCE_LABELS[item.source], leads: 0, converted: 0, revenue: 0 });
    }
  }
  return {
    days,
    sources: sources.map((s) => ({
      ...s,
      items: items
        .filter((i) => i.source === s.source)
        .map(({ kind, id, label, platform, href, leads: n, converted, revenue, clicks }) => ({
          kind,
          id,
          label,
          platform,
          href,
          leads: n,
          converted,
          revenue,
          clicks,
        })),
    })),
    keywords: keywordFigures(leads, since),
    totalRevenue: figures.revenue,
  };
}

/** The weekly job: fresh insights for every business that uses the coach. */
/** The businesses the coach has insights or goals for (the weekly job's and mail's list). */
export const coachTenants = (deps: Pick<CoachDeps, 'db'>) => repo.coachTenants(deps.db);

export async function weeklyInsights(deps: CoachDeps, now = new Date()): Promise<{ tenants: number; failed: number }> {
  let tenants = 0;
  let failed = 0;
  for (const tenantId of await coachTenants(deps)) {
    try {
      await generateInsights(deps, readerAuth(tenantId), now);
      tenants += 1;
    } catch {
      failed += 1;
    }
  }
  return { tenants, failed };
}
