import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { FelixFacts } from './felix-facts.ts';

const noInput = z.object({});

/**
 * The read-only tools Felix's model may call. They answer from the facts loaded for the signed-in
 * tenant only (the tenant id never comes from the model), so another business's rows cannot appear.
 */
export function felixTools(facts: () => Promise<FelixFacts>): ToolSet {
  return {
    lead_summary: tool({
      description:
        'Counts of the business’s leads: total, by status (new, contacted, qualified, converted, lost), created in the last 24 hours and 7 days, open leads by age, conversion rate in percent, and how many new leads have waited more than a day for first contact.',
      inputSchema: noInput,
      execute: async () => {
        const f = await facts();
        return { ...f.leads, waitingMoreThanADayForFirstContact: f.awaitingContact.count };
      },
    }),
    leads_awaiting_first_contact: tool({
      description:
        'New leads nobody has contacted for more than a day, longest waiting first (up to 5), with the total count.',
      inputSchema: noInput,
      execute: async () => (await facts()).awaitingContact,
    }),
    review_summary: tool({
      description:
        'Review count, average star rating, and reviews of 3 stars or fewer that have no posted reply yet (they need follow-up).',
      inputSchema: noInput,
      execute: async () => (await facts()).reviews,
    }),
    scheduled_posts: tool({
      description:
        'Social posts scheduled to go out: total, how many in the next 7 days, the next few, and total engagements (likes + shares + comments) recorded for published posts.',
      inputSchema: noInput,
      execute: async () => {
        const f = await facts();
        return { ...f.posts, timezone: f.timezone };
      },
    }),
    recent_activity: tool({
      description: 'The 10 most recent account activities and the next pending tasks with due dates.',
      inputSchema: noInput,
      execute: async () => {
        const f = await facts();
        return { recentActivity: f.recentActivity, upcomingTasks: f.tasks, timezone: f.timezone };
      },
    }),
  };
}
