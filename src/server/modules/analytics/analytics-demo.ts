import type { Ga4Request, Ga4Row } from '#server/integrations/ga4/ga4-client.ts';

/**
 * The demo business's website traffic: what GA4 would answer for an HVAC company in Dayton, made
 * from the request alone (same days, same figures every time), so the page, the weekday chart and
 * a report made from them agree. Only analytics-ga4.ts asks for it, and only for the demo
 * business without a Google connection (accounts.service#isDemoBusiness); every screen that shows
 * it carries the Demo Data badge (the status's `demo`).
 */

// Sessions on each weekday, Monday first: calls peak early in the week, quieter at the weekend.
const WEEKDAY_SESSIONS = [52, 48, 46, 44, 40, 27, 23];
// [source, medium, share of sessions]
const SOURCES: [string, string, number][] = [
  ['google', 'organic', 0.46],
  ['(direct)', '(none)', 0.22],
  ['facebook.com', 'referral', 0.12],
  ['google', 'cpc', 0.09],
  ['bing', 'organic', 0.06],
  ['instagram.com', 'referral', 0.05],
];
// [path, title, share of page views]: the landing page and blog post the demo publishes are among them.
const PAGES: [string, string, number][] = [
  ['/', 'Demo Heating & Cooling | Dayton HVAC', 0.34],
  ['/services/furnace-repair', 'Furnace Repair', 0.18],
  ['/p/furnace-tune-up', 'Furnace Tune-Up Special', 0.15],
  ['/services/ac-repair', 'AC Repair', 0.12],
  ['/blog/five-signs-your-furnace-needs-attention', '5 Signs Your Furnace Needs Attention', 0.11],
  ['/contact', 'Contact Us', 0.1],
];
const CITIES: [string, number][] = [
  ['Dayton', 0.38],
  ['Kettering', 0.19],
  ['Beavercreek', 0.14],
  ['Centerville', 0.12],
  ['Huber Heights', 0.1],
  ['Fairborn', 0.07],
];
const DEVICES: [string, number][] = [
  ['mobile', 0.63],
  ['desktop', 0.32],
  ['tablet', 0.05],
];

const dayMs = 86_400_000;

/** Sessions of one calendar day (YYYY-MM-DD): the weekday's figure with a fixed wobble of ±4. */
function sessionsOn(date: string): number {
  const d = new Date(`${date}T00:00:00Z`);
  const wobble = ((d.getTime() / dayMs) * 7919) % 9;
  return WEEKDAY_SESSIONS[(d.getUTCDay() + 6) % 7]! + Math.round(wobble) - 4;
}

function days(req: Ga4Request): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${req.startDate}T00:00:00Z`); t <= Date.parse(`${req.endDate}T00:00:00Z`); t += dayMs)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** One metric of a slice of the traffic (`sessions` of it, `share` of the page views or users). */
function metricOf(name: string, sessions: number): number {
  switch (name) {
    case 'sessions':
      return sessions;
    case 'totalUsers':
    case 'activeUsers':
      return Math.round(sessions * 0.78);
    case 'screenPageViews':
      return Math.round(sessions * 2.3);
    case 'averageSessionDuration':
      return 142;
    case 'bounceRate':
      return 0.41;
    case 'keyEvents':
      return Math.round(sessions * 0.031);
    default:
      return 0;
  }
}

const SHARES: Record<string, [string[], number][]> = {
  'sessionSource,sessionMedium': SOURCES.map(([s, m, share]) => [[s, m], share]),
  pagePath: PAGES.map(([p, , share]) => [[p], share]),
  pageTitle: PAGES.map(([, t, share]) => [[t], share]),
  city: CITIES.map(([c, share]) => [[c], share]),
  deviceCategory: DEVICES.map(([d, share]) => [[d], share]),
};

/** The rows GA4's runReport would answer for the demo business. */
export function demoGa4Report(req: Ga4Request): Ga4Row[] {
  const daily = days(req).map((date) => [date, sessionsOn(date)] as const);
  const total = daily.reduce((n, [, s]) => n + s, 0);
  const dims = (req.dimensions ?? []).join(',');
  let rows: Ga4Row[];
  if (!dims) rows = [{ dimensions: [], metrics: req.metrics.map((m) => metricOf(m, total)) }];
  else if (dims === 'date')
    rows = daily.map(([date, s]) => ({
      dimensions: [date.replaceAll('-', '')],
      metrics: req.metrics.map((m) => metricOf(m, s)),
    }));
  else
    rows = (SHARES[dims] ?? []).map(([values, share]) => ({
      dimensions: values,
      metrics: req.metrics.map((m) => metricOf(m, Math.round(total * share))),
    }));
  if (req.orderByMetric) rows.sort((a, b) => (b.metrics[0] ?? 0) - (a.metrics[0] ?? 0));
  return req.limit ? rows.slice(0, req.limit) : rows;
}
