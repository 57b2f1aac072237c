import { afterAll, describe, expect, it } from 'vitest';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { FAKE_GA4_PROPERTY, makeGa4Days, startFakeGa4 } from '#tests/fakes/ga4-server.ts';
import { activeUsersNow, ga4Date, runReport } from './ga4-client.ts';

const TOKEN = 'ya29.ga4-token';
const days = makeGa4Days(30, new Date('2026-11-20T12:00:00Z'));
const fake = await startFakeGa4({ days, token: TOKEN });
afterAll(() => fake.close());
const config = { baseUrl: fake.url, http: { sleep: async () => {} } };

describe('GA4 Data API client', () => {
  it('posts runReport for the property with dates, dimensions, metrics and order, and reads the rows', async () => {
    const rows = await runReport(config, TOKEN, FAKE_GA4_PROPERTY, {
      startDate: '2026-11-14',
      endDate: '2026-11-20',
      dimensions: ['date'],
      metrics: ['sessions', 'totalUsers'],
    });
    const week = days.slice(-7);
    expect(rows).toEqual(
      week.map((d) => ({ dimensions: [d.date.replaceAll('-', '')], metrics: [d.sessions, d.users] })),
    );
    expect(fake.requests.at(-1)!.body).toMatchObject({
      dateRanges: [{ startDate: '2026-11-14', endDate: '2026-11-20' }],
      dimensions: [{ name: 'date' }],
      metrics: [{ name: 'sessions' }, { name: 'totalUsers' }],
    });
    expect(ga4Date(rows[0]!.dimensions[0]!)).toBe('2026-11-14');

    const totals = await runReport(config, TOKEN, FAKE_GA4_PROPERTY, {
      startDate: '2026-11-14',
      endDate: '2026-11-20',
      metrics: ['sessions', 'bounceRate'],
    });
    expect(totals).toEqual([{ dimensions: [], metrics: [week.reduce((a, d) => a + d.sessions, 0), 0.4237] }]);

    await runReport(config, TOKEN, FAKE_GA4_PROPERTY, {
      startDate: '2026-11-14',
      endDate: '2026-11-20',
      dimensions: ['sessionSource', 'sessionMedium'],
      metrics: ['sessions'],
      orderByMetric: true,
      limit: 5,
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
      limit: '5',
    });
    expect(await activeUsersNow(config, TOKEN, FAKE_GA4_PROPERTY)).toBe(7);
  });

  it('retries a 503, and turns a refused token or property into a connection problem', async () => {
    fake.failNext(503);
    const rows = await runReport(config, TOKEN, FAKE_GA4_PROPERTY, {
      startDate: '2026-11-20',
      endDate: '2026-11-20',
      metrics: ['sessions'],
    });
    expect(rows[0]!.metrics[0]).toBe(days.at(-1)!.sessions);

    const expired = runReport(config, 'ya29.old', FAKE_GA4_PROPERTY, {
      startDate: '2026-11-20',
      endDate: '2026-11-20',
      metrics: ['sessions'],
    });
    await expect(expired).rejects.toBeInstanceOf(ConnectionProblem);
    await expect(expired).rejects.toMatchObject({ needsReconnect: true });
    const other = runReport(config, TOKEN, '999', {
      startDate: '2026-11-20',
      endDate: '2026-11-20',
      metrics: ['sessions'],
    });
    await expect(other).rejects.toMatchObject({ code: 'missing_permission' });
    await expect(runReport(config, TOKEN, '../x', { startDate: 'a', endDate: 'b', metrics: [] })).rejects.toThrow(
      'not a GA4 property id',
    );
  });
});
