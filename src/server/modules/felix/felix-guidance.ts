import { CONTENT_CALENDAR_SUGGESTION, FELIX_QUICK_ACTIONS, FELIX_SUGGESTIONS } from '#shared/felix.ts';
import type { TInsight, TQuickAction, TSuggestion } from '#shared/schemas/felix.ts';
import { plural, type FelixFacts } from './felix-facts.ts';

/**
 * What Felix offers next to an answer: suggestion chips, quick actions and insight cards. The
 * topic comes from the question's keywords, else from the page the user is on.
 */
type Topic = 'social' | 'leads' | 'reviews' | 'general';

// The shared chips in their order, then the server's extra social chip: "the first three" and the
// per-topic picks below read this one list.
const SUGGESTIONS: readonly TSuggestion[] = [...FELIX_SUGGESTIONS, CONTENT_CALENDAR_SUGGESTION];

export function topicOf(question: string, currentPage: string): Topic {
  const q = question.toLowerCase();
  if (/social|post/.test(q)) return 'social';
  if (/lead|customer/.test(q)) return 'leads';
  if (/review/.test(q)) return 'reviews';
  const page = currentPage.split(/[?#]/)[0] ?? '';
  if (/^\/(social|analytics|reports)\b/.test(page)) return 'social';
  if (/^\/leads\b/.test(page)) return 'leads';
  if (/^\/reviews\b/.test(page)) return 'reviews';
  return 'general';
}

const byCategory = (...categories: string[]) => categories.flatMap((c) => SUGGESTIONS.filter((s) => s.category === c));

export function suggestionsFor(topic: Topic): TSuggestion[] {
  switch (topic) {
    case 'social':
      return byCategory('social', 'analytics');
    case 'leads':
      return byCategory('leads', 'reviews');
    case 'reviews':
      return byCategory('reviews', 'leads');
    default:
      return SUGGESTIONS.slice(0, 3);
  }
}

export function quickActionsFor(topic: Topic): TQuickAction[] {
  const q = FELIX_QUICK_ACTIONS;
  return {
    social: [q.createPost, q.analytics],
    leads: [q.addLead, q.reviews],
    reviews: [q.reviews, q.addLead],
    general: [q.createPost, q.addLead, q.reviews],
  }[topic];
}

/** Insight cards computed from the business's rows; none is shown without the data behind it. */
export function insightsFrom(facts: FelixFacts): TInsight[] {
  const insights: TInsight[] = [];
  const waiting = facts.awaitingContact.count;
  if (waiting > 0) {
    insights.push({
      type: 'warning',
      title: 'Leads waiting for a call',
      message: `${plural(waiting, 'lead has', 'leads have')} waited more than a day for first contact.`,
      impact: 'Leads called back within a day book far more often',
      route: '/leads',
    });
  }
  const lowStar = facts.reviews.lowStarUnanswered.count;
  if (lowStar > 0) {
    insights.push({
      type: 'warning',
      title: 'Reviews need a reply',
      message: `${plural(lowStar, 'review')} of 3 stars or fewer ${lowStar === 1 ? 'has' : 'have'} no reply yet.`,
      impact: 'A quick, kind reply can win the customer back',
      route: '/reviews',
    });
  }
  if (facts.posts.scheduledNext7Days === 0) {
    insights.push({
      type: 'suggestion',
      title: 'Nothing scheduled this week',
      message: 'You have no social posts scheduled for the next 7 days.',
      impact: 'Two or three posts a week keep you in front of customers',
      route: '/social',
    });
  }
  return insights;
}
