// The analytics area's constants without zod, so /analytics and /reports load no schema code
// before their first paint; schemas/analytics.ts re-exports them beside the schemas that use them.

/** Report periods, and the chart's own period names (7days = 7d). Default 30d. */
export const REPORT_PERIODS = ['7d', '30d', '90d'] as const;
export type TReportPeriod = (typeof REPORT_PERIODS)[number];
export const CHART_PERIODS = ['7days', '30days', '90days'] as const;
export type TChartPeriod = (typeof CHART_PERIODS)[number];
export const PERIOD_DAYS: Record<TReportPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Sources shown at most, the donut's legend, recent reports, keywords in a report. */
export const ANALYTICS_LIMITS = { sources: 5, legend: 4, recentReports: 3, keywords: 5 } as const;

export const ANALYTICS_MESSAGES = {
  generated: { title: 'Report Generated', message: 'New analytics report has been generated successfully.' },
  generationFailed: { title: 'Generation Failed', message: 'Failed to generate analytics report. Please try again.' },
  noReports: {
    title: 'No analytics reports available',
    message: 'Generate your first report to see website performance data',
  },
  noSources: 'No traffic data available',
  loadingSources: 'Loading traffic sources...',
  notConnected:
    'Connect Google in Settings → Connections (allow Google Analytics) to see your website traffic and generate reports.',
  noProperty: 'Add your GA4 property ID in Settings → Analytics so we know which website to read.',
} as const;

export const ANALYTICS_STATES = ['live', 'not_connected', 'no_property', 'problem'] as const;

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
