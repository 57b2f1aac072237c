import type { HintContext } from '@shared/hint-column';
import type { THintId } from '@shared/schemas/felix';

export type HintType = 'suggestion' | 'tip' | 'insight' | 'warning' | 'optimization';
export type HintPriority = 'high' | 'medium' | 'low';

/** A hint of the spec; `context` names the page group it belongs to. */
export interface Hint {
  id: THintId;
  type: HintType;
  title: string;
  message: string;
  /** The action button: its label, the action id sent to /api/felix/hint-action, and its target. */
  action?: { label: string; id: string; target: string };
  priority: HintPriority;
  context: HintContext;
  dismissible: boolean;
}

/** The ten hints with the action targets of the spec. */
export const HINTS: Record<THintId, Hint> = {
  'dashboard-optimization': {
    id: 'dashboard-optimization',
    type: 'suggestion',
    title: 'Make the dashboard yours',
    message: 'Put the numbers you check every morning at the top so the day starts with what matters.',
    action: { label: 'Customize Dashboard', id: 'customize', target: '/dashboard?customize=true' },
    priority: 'medium',
    context: 'dashboard',
    dismissible: true,
  },
  'quick-start-guide': {
    id: 'quick-start-guide',
    type: 'tip',
    title: 'New here? Start with the basics',
    message: 'Felix can walk you through adding your first lead, connecting reviews and scheduling a post.',
    action: { label: 'Start Quick Guide', id: 'quick-start', target: '/felix?task=quick-start' },
    priority: 'high',
    context: 'dashboard',
    dismissible: true,
  },
  'productivity-boost': {
    id: 'productivity-boost',
    type: 'optimization',
    title: 'Let the routine run itself',
    message: 'Businesses that automate their marketing see 40% more leads. Set up automatic follow-ups and posting.',
    action: { label: 'Set Up Automation', id: 'automation', target: '/felix?task=automation' },
    priority: 'medium',
    context: 'dashboard',
    dismissible: true,
  },
  'business-hours-opportunity': {
    id: 'business-hours-opportunity',
    type: 'insight',
    title: 'Customers are looking right now',
    message: "It's business hours — the best time to call new leads back and answer fresh reviews.",
    action: {
      label: 'Get Ideas',
      id: 'get-ideas',
      target: '/felix?hint=business-hours-opportunity&action=get-ideas',
    },
    priority: 'low',
    context: 'dashboard',
    dismissible: true,
  },
  'content-calendar': {
    id: 'content-calendar',
    type: 'tip',
    title: 'Plan a week of posts at once',
    message: 'A content calendar keeps you posting steadily, even in your busiest weeks.',
    action: { label: 'Open Calendar', id: 'open-calendar', target: '/social?tab=calendar' },
    priority: 'medium',
    context: 'social',
    dismissible: true,
  },
  'peak-posting-times': {
    id: 'peak-posting-times',
    type: 'insight',
    title: 'Post when customers scroll',
    message: 'Local audiences are most active 6-8 PM on weekdays and 10 AM-2 PM on weekends.',
    action: { label: 'Create Post', id: 'create-post', target: '/social?action=create-post' },
    priority: 'high',
    context: 'social',
    dismissible: true,
  },
  // The template of the live connection hint (connection-hint.ts fills it from the problem); never
  // chosen from the catalog itself.
  'connection-problem': {
    id: 'connection-problem',
    type: 'warning',
    title: 'A connection needs you',
    message: 'One of your connected accounts stopped working. Settings → Connections says what to do.',
    action: { label: 'Open Connections', id: 'open-connections', target: '/settings?tab=connections' },
    priority: 'high',
    context: 'dashboard',
    dismissible: false,
  },
  'connect-analytics': {
    id: 'connect-analytics',
    type: 'warning',
    title: 'Connect your analytics',
    message: 'Reports need your Google Analytics property. Connect it once and traffic figures fill in on their own.',
    action: { label: 'Connect Analytics', id: 'connect', target: '/settings?tab=integrations' },
    priority: 'high',
    context: 'analytics',
    dismissible: false,
  },
  'monthly-review': {
    id: 'monthly-review',
    type: 'suggestion',
    title: 'Review last month',
    message: 'A monthly report shows which channels brought customers in and where to spend next.',
    action: { label: 'Generate Report', id: 'generate-report', target: '/reports?action=generate' },
    priority: 'medium',
    context: 'analytics',
    dismissible: true,
  },
  'review-response-template': {
    id: 'review-response-template',
    type: 'tip',
    title: 'Answer reviews faster',
    message: 'Templates for thank-yous and apologies let you reply to every review in under a minute.',
    action: { label: 'Use Templates', id: 'templates', target: '/reviews?action=templates' },
    priority: 'medium',
    context: 'reviews',
    dismissible: true,
  },
  'lead-scoring': {
    id: 'lead-scoring',
    type: 'optimization',
    title: 'Call the hottest leads first',
    message: 'Lead scoring ranks new enquiries by urgency and value so the best jobs get a call back first.',
    action: { label: 'Optimize Leads', id: 'optimize', target: '/leads?action=optimize' },
    priority: 'high',
    context: 'leads',
    dismissible: true,
  },
  // Ours (issue 19): the AI Coach's page.
  'coach-weekly-goal': {
    id: 'coach-weekly-goal',
    type: 'tip',
    title: 'Set a goal for this week',
    message: 'A goal such as "publish 3 posts" counts itself as you work, and finishing it earns points.',
    action: { label: 'Create a Goal', id: 'create-goal', target: '/ai-coach?tab=goals' },
    priority: 'medium',
    context: 'coach',
    dismissible: true,
  },
  'coach-revenue-by-source': {
    id: 'coach-revenue-by-source',
    type: 'insight',
    title: 'See what brings the money',
    message: 'Revenue by source shows which posts, pages and listings brought jobs, from the value entered on Convert.',
    action: { label: 'See Revenue by Source', id: 'revenue', target: '/ai-coach?tab=revenue' },
    priority: 'high',
    context: 'coach',
    dismissible: true,
  },
};
