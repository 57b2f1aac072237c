import { zonedWhen } from '#shared/zoned-time.ts';

/**
 * What Felix knows about one business, read from its rows (the felix module builds it). The
 * offline engine answers from it, and the model's tools return parts of it, so both paths quote
 * the same true figures. Plain JSON: dates are ISO strings.
 */
export interface FelixFacts {
  businessName: string;
  timezone: string;
  leads: {
    total: number;
    byStatus: Record<'new' | 'contacted' | 'qualified' | 'converted' | 'lost', number>;
    createdLast24Hours: number;
    createdLast7Days: number;
    openUnder1Day: number;
    open1To7Days: number;
    openOver7Days: number;
    /** Converted / all leads in percent, one decimal; null without leads. */
    conversionRate: number | null;
  };
  awaitingContact: {
    count: number;
    leads: {
      name: string;
      service: string;
      location: string;
      phone: string | null;
      priority: string;
      waitingDays: number;
    }[];
  };
  reviews: {
    count: number;
    averageRating: number | null;
    lowStarUnanswered: {
      count: number;
      reviews: { customerName: string; rating: number; excerpt: string; platform: string }[];
    };
  };
  posts: {
    scheduledTotal: number;
    scheduledNext7Days: number;
    next: { platform: string; scheduledFor: string; excerpt: string }[];
    /** Likes + shares + comments recorded for published posts; null when none is recorded. */
    socialEngagements: number | null;
  };
  tasks: { title: string; dueAt: string | null }[];
  recentActivity: { type: string; title: string; createdAt: string }[];
}

/** facebook -> Facebook, for platform names stored in lower case. */
export const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function excerpt(text: string | null, max = 80): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** e.g. "Tue, Mar 4, 9:00 AM" in the business's time zone. */
export const when = zonedWhen;
