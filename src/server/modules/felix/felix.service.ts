import type { z } from 'zod';
import type { TFelixChatResponse, TFelixModel, ZFelixChatRequest, ZHintActionRequest } from '#shared/schemas/felix.ts';
import type { Ai } from '#server/ai/ai.ts';
import { excerpt, type FelixFacts } from './felix-facts.ts';
import { offlineFelixAnswer } from './felix-offline.ts';
import { felixSystemPrompt } from './felix-prompt.ts';
import type { Db } from '#server/db/client.ts';
import { RateLimitError } from '#server/errors.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { enforce, hit, type RateRule } from '#server/security/rate-limit.ts';
import { getDashboard } from '#server/modules/dashboard/dashboard.service.ts';
import { recordEvent } from '#server/modules/events/events.service.ts';
import { leadFigures } from '#server/modules/leads/leads.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { insightsFrom, quickActionsFor, suggestionsFor, topicOf } from './felix-guidance.ts';
import type { AppServices } from '#server/services.ts';
import { upcomingPosts } from '#server/modules/social/social.service.ts';
import { unansweredLowStarReviews } from '#server/modules/reviews/reviews.service.ts';
import { tasksDeps, type TasksDeps } from '#server/modules/tasks/tasks.service.ts';
import { felixTools } from './felix-tools.ts';

export interface FelixDeps {
  db: Db;
  ai: Ai;
  tasks: TasksDeps;
}

export function felixDeps(services: AppServices): FelixDeps {
  return { db: services.database.db, ai: services.ai, tasks: tasksDeps(services) };
}

const HOUR = 3_600_000;
export const FELIX_LIMITS = {
  chatPerTenant: { limit: 60, windowMs: HOUR },
  /** A person's share of the business's questions, so one member can't use them all. */
  chatPerUser: { limit: 30, windowMs: HOUR },
  hintActionsPerUser: { limit: 120, windowMs: 60_000 },
} as const satisfies Record<string, RateRule>;

const LIST_SIZE = 5;
const DAY_MS = 86_400_000;

export function listModels(ai: Ai): { models: TFelixModel[] } {
  return { models: ai.models };
}

/** Everything Felix may quote about the business, read from its own rows only. */
async function loadFacts(
  deps: Pick<FelixDeps, 'db' | 'tasks'>,
  auth: Pick<AuthContext, 'tenantId' | 'tenantName'>,
  now = new Date(),
): Promise<FelixFacts> {
  const { tenantId } = auth;
  const [dashboard, leads, lowStar, posts, timezone] = await Promise.all([
    getDashboard(deps, tenantId, now),
    leadFigures(deps, tenantId, LIST_SIZE),
    unansweredLowStarReviews(deps, tenantId, LIST_SIZE),
    upcomingPosts(deps, tenantId, LIST_SIZE),
    tenantTimezone(deps, tenantId),
  ]);
  const { byStatus, ages, awaiting } = leads;
  return {
    businessName: auth.tenantName,
    timezone,
    leads: {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus: {
        new: byStatus.new,
        contacted: byStatus.contacted,
        qualified: byStatus.qualified,
        converted: byStatus.converted,
        lost: byStatus.lost,
      },
      ...ages,
      conversionRate: dashboard.stats.conversionRate,
    },
    awaitingContact: {
      count: awaiting.count,
      leads: awaiting.leads.map(({ createdAt, ...l }) => ({
        ...l,
        waitingDays: Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS),
      })),
    },
    reviews: {
      count: dashboard.stats.reviewCount,
      averageRating: dashboard.stats.averageRating,
      lowStarUnanswered: {
        count: lowStar.count,
        reviews: lowStar.reviews.map((r) => ({
          customerName: r.customerName,
          rating: r.rating,
          excerpt: excerpt(r.content),
          platform: r.platform,
        })),
      },
    },
    posts: {
      scheduledTotal: posts.total,
      scheduledNext7Days: posts.next7Days,
      next: posts.posts.flatMap((p) =>
        p.scheduledFor
          ? [{ platform: p.platform, scheduledFor: p.scheduledFor.toISOString(), excerpt: excerpt(p.content, 60) }]
          : [],
      ),
      socialEngagements: dashboard.stats.socialEngagements,
    },
    tasks: dashboard.upcomingTasks.map((t) => ({ title: t.title, dueAt: t.dueAt })),
    recentActivity: dashboard.recentActivity.map((a) => ({ type: a.type, title: a.title, createdAt: a.createdAt })),
  };
}

type ChatInput = z.output<typeof ZFelixChatRequest>;

/**
 * One Felix turn. A configured model answers with read-only tools over this tenant's data;
 * otherwise (or when it fails) the offline engine answers from the same facts. Insight cards
 * come with the first answer of a conversation, so they are not repeated on every reply.
 */
export async function chat(deps: FelixDeps, auth: AuthContext, input: ChatInput): Promise<TFelixChatResponse> {
  const mine = await hit(deps.db, `felix-chat:user:${auth.userId}`, FELIX_LIMITS.chatPerUser);
  if (mine.count > FELIX_LIMITS.chatPerUser.limit) {
    const minutes = Math.max(1, Math.ceil((mine.resetAt.getTime() - Date.now()) / 60_000));
    throw new RateLimitError(
      `You have asked Felix ${FELIX_LIMITS.chatPerUser.limit} questions in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  }
  const window = await hit(deps.db, `felix-chat:tenant:${auth.tenantId}`, FELIX_LIMITS.chatPerTenant);
  if (window.count > FELIX_LIMITS.chatPerTenant.limit) {
    const minutes = Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 60_000));
    throw new RateLimitError(
      `Felix has answered ${FELIX_LIMITS.chatPerTenant.limit} questions for your business in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  }

  let pending: Promise<FelixFacts> | undefined;
  const facts = () => (pending ??= loadFacts(deps, auth));
  const question = input.messages.at(-1)?.content ?? '';
  const result = await deps.ai.chat(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      system: felixSystemPrompt({
        businessName: auth.tenantName,
        currentPage: input.currentPage,
        today: new Date().toDateString(),
      }),
      // The panel's history may open with its own welcome text; providers want a user turn first.
      messages: input.messages.slice(input.messages.findIndex((m) => m.role === 'user')),
      tools: felixTools(facts),
      model: input.model,
      offline: async () => offlineFelixAnswer(question, await facts()),
    },
  );

  const topic = topicOf(question, input.currentPage);
  const firstTurn = input.messages.filter((m) => m.role === 'user').length === 1;
  return {
    message: result.value,
    suggestions: suggestionsFor(topic),
    quickActions: quickActionsFor(topic),
    insights: firstTurn ? insightsFrom(await facts()) : [],
    source: result.source,
  };
}

/** A hints-widget click, kept as a product analytics event of the tenant. */
export async function recordHintAction(
  deps: FelixDeps,
  auth: AuthContext,
  input: z.output<typeof ZHintActionRequest>,
): Promise<void> {
  await enforce(deps.db, `felix-hint:user:${auth.userId}`, FELIX_LIMITS.hintActionsPerUser);
  await recordEvent(deps, auth, 'hint_action', {
    hintId: input.hintId,
    action: input.action,
    clientTimestamp: clientTime(input.timestamp),
  });
}

/** The client's clock reading as ISO text, or null when absent or not a real date. */
function clientTime(timestamp: string | number | undefined): string | null {
  if (timestamp === undefined) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
