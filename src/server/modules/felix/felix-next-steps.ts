import type { TNextStep, TNextStepAction, TNextSteps } from '#shared/schemas/next-steps.ts';
import type { TRecommendation } from '#shared/schemas/onboarding.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { usableProviders } from '#server/modules/connections/connections.service.ts';
import { monthlyLeadCounts } from '#server/modules/leads/leads.service.ts';
import { savedOnboarding, type OnboardingDeps } from '#server/modules/onboarding/onboarding.service.ts';
import { getSettings, type SettingsDeps } from '#server/modules/settings/settings.service.ts';
import { listTasks, type TasksDeps } from '#server/modules/tasks/tasks.service.ts';

export interface NextStepsDeps {
  db: Db;
  settings: SettingsDeps;
  onboarding: OnboardingDeps;
  tasks: TasksDeps;
}

/** The first-week basics: what each real action is called and where it happens. */
const BASICS: Record<TNextStepAction, Omit<TNextStep, 'id' | 'done' | 'category'>> = {
  'add-lead': {
    title: 'Add your first lead',
    description: 'Put a recent enquiry into Leads so follow-ups and scoring start working for you.',
    action: 'add-lead',
    cta: { label: 'Add a lead', href: '/leads' },
  },
  'connect-account': {
    title: 'Connect a Google or social account',
    description: 'Connect Google, Facebook, X or LinkedIn once; reviews and posts then run through it.',
    action: 'connect-account',
    cta: { label: 'Open Connections', href: '/settings?tab=connections' },
  },
  'connect-wordpress': {
    title: 'Connect your WordPress site',
    description: 'With your site connected, blog posts and landing pages publish straight from Fieldwise.',
    action: 'connect-wordpress',
    cta: { label: 'Connect WordPress', href: '/settings?tab=wordpress' },
  },
  'complete-task': {
    title: 'Plan a follow-up and tick it off',
    description: 'Add a task under Upcoming Tasks on the dashboard and mark it complete when it is done.',
    action: 'complete-task',
    cta: { label: 'Open tasks', href: '/dashboard' },
  },
};

/**
 * Which real action finishes a plan item, by its category. Categories with no single action
 * in the app (a campaign, a maintenance plan) are planned and ticked off as a task.
 */
const ACTION_OF_CATEGORY: Record<string, TNextStepAction> = {
  leads: 'add-lead',
  reviews: 'connect-account',
  'social media': 'connect-account',
  'local seo': 'connect-account',
  analytics: 'connect-account',
  advertising: 'connect-account',
  website: 'connect-wordpress',
};

export function actionOf(category: string): TNextStepAction {
  return ACTION_OF_CATEGORY[category.trim().toLowerCase()] ?? 'complete-task';
}

/** The checklist: the plan's items in its order, then the basics the plan does not already cover. */
export function buildNextSteps(plan: TRecommendation[] | null, happened: Record<TNextStepAction, boolean>): TNextSteps {
  const fromPlan: TNextStep[] = (plan ?? []).map((rec, i) => {
    const action = actionOf(rec.category);
    return {
      id: `plan-${i + 1}`,
      title: rec.title,
      description: rec.description,
      category: rec.category,
      action,
      cta: BASICS[action].cta,
      done: happened[action],
    };
  });
  const covered = new Set(fromPlan.map((s) => s.action));
  const basics: TNextStep[] = (Object.keys(BASICS) as TNextStepAction[])
    .filter((action) => !covered.has(action))
    .map((action) => ({ id: action, category: null, done: happened[action], ...BASICS[action] }));
  const steps = [...fromPlan, ...basics];
  return {
    planSaved: plan !== null && plan.length > 0,
    steps,
    done: steps.filter((s) => s.done).length,
    total: steps.length,
  };
}

/** The signed-in user's saved plan and what has really happened in their business. */
export async function nextSteps(deps: NextStepsDeps, auth: AuthContext, now = new Date()): Promise<TNextSteps> {
  const { tenantId } = auth;
  const [saved, leads, providers, settings, completed] = await Promise.all([
    savedOnboarding(deps.onboarding, auth),
    monthlyLeadCounts(deps, tenantId, 'UTC', now),
    usableProviders(deps, tenantId),
    getSettings(deps.settings, auth),
    listTasks(deps.tasks, auth, { status: 'completed', limit: 1 }, now),
  ]);
  return buildNextSteps(saved?.recommendations ?? null, {
    'add-lead': leads.total > 0,
    'connect-account': providers.size > 0,
    'connect-wordpress': settings.wordpress.isConfigured,
    'complete-task': completed.tasks.length > 0,
  });
}
