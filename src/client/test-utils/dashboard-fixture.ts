import type { TDashboard } from '@shared/schemas/dashboard';

/** GET /api/dashboard for a business with nothing in it yet: zeros and empty lists, never samples. */
export function emptyDashboard(timezone = 'America/New_York'): TDashboard {
  return {
    stats: {
      leadsThisMonth: 0,
      leadsLastMonth: 0,
      averageRating: null,
      reviewCount: 0,
      conversionRate: null,
      socialEngagements: null,
    },
    recentActivity: [],
    upcomingTasks: [],
    timezone,
  };
}
