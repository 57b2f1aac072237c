import { describe, expect, it } from 'vitest';
import type { FelixFacts } from './felix-facts.ts';
import { OFFLINE_NOTE, offlineFelixAnswer } from './felix-offline.ts';

const facts: FelixFacts = {
  businessName: 'Brooks Heating',
  timezone: 'America/New_York',
  leads: {
    total: 12,
    byStatus: { new: 4, contacted: 3, qualified: 2, converted: 2, lost: 1 },
    createdLast24Hours: 1,
    createdLast7Days: 5,
    openUnder1Day: 1,
    open1To7Days: 4,
    openOver7Days: 4,
    conversionRate: 16.7,
  },
  awaitingContact: {
    count: 6,
    leads: [
      {
        name: 'Ava Brooks',
        service: 'Furnace repair',
        location: 'Springfield',
        phone: null,
        priority: 'high',
        waitingDays: 4,
      },
      {
        name: 'Ben Carter',
        service: 'AC install',
        location: 'Shelbyville',
        phone: '+15550100002',
        priority: 'medium',
        waitingDays: 2,
      },
    ],
  },
  reviews: { count: 0, averageRating: null, lowStarUnanswered: { count: 0, reviews: [] } },
  posts: { scheduledTotal: 0, scheduledNext7Days: 0, next: [], socialEngagements: null },
  tasks: [{ title: 'Order filters', dueAt: '2025-03-04T14:00:00.000Z' }],
  recentActivity: [],
};

describe('offline Felix engine', () => {
  it('routes common phrasings to the right answer', () => {
    expect(offlineFelixAnswer('how many leads came in this week?', facts)).toMatch(
      /^You have 4 new leads and 12 leads in all\. 5 came in during the last 7 days/,
    );
    expect(offlineFelixAnswer('Who should I call back?', facts)).toMatch(/^6 leads have waited more than a day/);
    expect(offlineFelixAnswer('Who should I call back?', facts)).toContain(
      '• Ben Carter — AC install in Shelbyville, waiting 2 days (+15550100002)\n…and 4 more on the Leads page.',
    );
    expect(offlineFelixAnswer('any bad reviews to answer?', facts)).toMatch(
      /^No reviews of 3 stars or fewer are waiting for a reply\. You have no reviews yet\./,
    );
    expect(offlineFelixAnswer('What is on my content calendar?', facts)).toMatch(/^You have no posts scheduled\./);
    expect(offlineFelixAnswer('How are my tasks?', facts)).toBe(
      `Your next tasks:\n• Order filters (due Tue, Mar 4, 9:00 AM)\n\n${OFFLINE_NOTE}`,
    );
  });

  it('plans the day from the data', () => {
    expect(offlineFelixAnswer('What should I focus on?', facts)).toMatch(
      /^Here's what I'd do today:\n1\. Call the 6 leads waiting more than a day, starting with Ava Brooks\.\n2\. Schedule at least one social post for this week\.\n3\. Finish “Order filters”/,
    );
  });

  it('greets with what it can answer, and summarises anything else', () => {
    expect(offlineFelixAnswer('hello', facts)).toMatch(
      /^I can answer questions like:\n• How many new leads do I have\?/,
    );
    expect(offlineFelixAnswer('Tell me something about my week', facts)).toMatch(
      /^Here's where Brooks Heating stands: 4 new leads \(6 waiting over a day\), no reviews yet, and 0 posts scheduled for the next 7 days\./,
    );
  });

  it('always says it is offline', () => {
    for (const q of ['hi', 'leads?', 'reviews', 'post ideas', 'analytics', 'xyz'])
      expect(offlineFelixAnswer(q, facts).endsWith(OFFLINE_NOTE)).toBe(true);
  });
});
