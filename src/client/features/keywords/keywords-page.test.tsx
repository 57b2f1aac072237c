import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  KEYWORD_MESSAGES,
  type TKeywordInsights,
  type TKeywordList,
  type TKeywordRow,
  type TKeywordSummary,
} from '@shared/schemas/keywords';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import type { TKeywordRevenueList } from '@shared/schemas/leads';

// /keywords as the user sees it, from the API's answers: the 8 columns, the position colours,
// the estimates and how they are made, the computed "from last month" sub-texts, the generator
// link, and the sample rows when the keywords cannot be loaded.
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const row = (over: Partial<TKeywordRow> & Pick<TKeywordRow, 'keyword' | 'position'>): TKeywordRow => ({
  clicks: 10,
  impressions: 200,
  ctr: 5,
  searchVolume: null,
  difficulty: null,
  trend: 'other',
  sparkline: [],
  page: null,
  ...over,
});

const list: TKeywordList = {
  keywords: [
    row({ keyword: 'emergency plumber', position: 2, difficulty: 'easy', searchVolume: 1071, trend: 'up' }),
    row({ keyword: 'drain cleaning', position: 8, difficulty: 'easy', searchVolume: 536, sparkline: [0, 4, 9] }),
    row({ keyword: 'water heater', position: 15, difficulty: 'medium', searchVolume: 857, trend: 'down' }),
    row({ keyword: 'boiler service', position: 40 }),
  ],
  total: 4,
  page: 1,
  pageSize: 25,
  meta: { source: 'search_console', siteUrl: 'sc-domain:rosaplumbing.example', syncedAt: '2026-11-24T04:30:00.000Z' },
};

const summary: TKeywordSummary = {
  source: 'search_console',
  period: { from: '2026-10-27', to: '2026-11-23', previousFrom: '2026-09-29' },
  totalClicks: { value: 65, previous: 40 },
  totalImpressions: { value: 1700, previous: 800 },
  averageCtr: { value: 3.7, previous: 5 },
  averagePosition: { value: 8.3, previous: 3 },
};

const insights: TKeywordInsights = {
  source: 'search_console',
  quickWins: [],
  recommendations: [
    {
      title: 'Drain cleaning: when to call a pro',
      reason: 'You rank 8th for “drain cleaning”.',
      keywords: ['drain cleaning', 'blocked drain'],
    },
  ],
  recommendationSource: 'offline',
};

function keywordsApi(rows: () => Response) {
  mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/analytics/keywords': rows,
    '/api/keywords/summary': () => json(200, summary),
    '/api/keywords/insights': () => json(200, insights),
    '/api/leads/keyword-revenue': () => json(200, keywordRevenue),
  });
}
let keywordRevenue: TKeywordRevenueList = { days: 90, keywords: [] };

const card = (label: string) => screen.getByText(label).closest('div')!;

// The route loads the page lazily; its first import compiles the page and its panels, which on a
// busy runner outlasts findBy's wait. Loaded here once, the route's import is instant.
beforeAll(() => import('./keywords-page'), 60_000);

describe('the keywords page', () => {
  it('shows organic revenue per search keyword, and the leads without one as “keyword not provided”', async () => {
    keywordRevenue = {
      days: 90,
      keywords: [
        { keyword: 'emergency plumber', leads: 3, converted: 2, revenue: 1850 },
        { keyword: null, leads: 4, converted: 1, revenue: 300 },
      ],
    };
    keywordsApi(() => json(200, list));
    renderApp('/keywords');
    const panel = await screen.findByRole('region', { name: 'Revenue by keyword' });
    const rows = await within(panel).findAllByTestId('keyword-revenue');
    expect(rows.map((r) => r.textContent)).toEqual([
      '“emergency plumber”32$1,850',
      'Organic search — keyword not provided41$300',
    ]);
    keywordRevenue = { days: 90, keywords: [] };
  });

  it('shows the 8 columns, coloured positions, labelled estimates and the computed sub-texts', async () => {
    keywordsApi(() => json(200, list));
    renderApp('/keywords');
    expect(await screen.findByText('Live Data')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Keyword',
      'Position',
      'Clicks ↓',
      'Impressions',
      'CTR',
      'Search Volume (est.)',
      'Difficulty (est.)',
      'Trend',
    ]);

    // Positions: up to 3 green, up to 10 yellow, beyond red.
    const position = (keyword: string) =>
      within(within(table).getByRole('cell', { name: keyword }).closest('tr')!).getAllByRole('cell')[1]!
        .firstElementChild!;
    expect(position('emergency plumber')).toHaveClass('bg-emerald-100');
    expect(position('drain cleaning')).toHaveClass('bg-amber-100');
    expect(position('water heater')).toHaveClass('bg-red-100');

    // Estimates are marked as such, "—" when there is none, and explained in visible text.
    const cells = (keyword: string) =>
      within(within(table).getByRole('cell', { name: keyword }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('water heater').slice(5, 7)).toEqual(['~857', 'medium']);
    expect(cells('boiler service').slice(5, 7)).toEqual(['—', '—']);
    const volume = screen.getByRole('columnheader', { name: 'Search Volume (est.)' });
    expect(volume).toHaveAccessibleDescription(/Estimate, not a true search volume: your impressions/);
    expect(screen.getByText(/Estimate, not a true search volume/)).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Difficulty (est.)' })).toHaveAccessibleDescription(
      /on page 1 \(position up to 10\) easy, up to 30 medium, beyond hard/,
    );
    expect(screen.getByRole('img', { name: 'Weekly clicks: 0, 4, 9' })).toBeInTheDocument();

    // "From last month" is computed from the previous period, never a fixed figure.
    expect(card('Total Clicks')).toHaveTextContent('65+62.5% from last month');
    expect(card('Total Impressions')).toHaveTextContent('1,700+112.5% from last month');
    expect(card('Average CTR')).toHaveTextContent('3.7%-1.3% from last month');
    expect(card('Average Position')).toHaveTextContent('8.3Dropped 5.3 positions');
  });

  it("links each recommendation's 'Write this post' to the blog generator with its title and keywords", async () => {
    keywordsApi(() => json(200, list));
    renderApp('/keywords');
    const link = await screen.findByRole('link', { name: 'Write this post' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/website');
    expect(href.searchParams.get('topic')).toBe('Drain cleaning: when to call a pro');
    expect(href.searchParams.get('keywords')).toBe('drain cleaning,blocked drain');
  });

  it('shows the sample rows under Demo Data when the keywords cannot be loaded, as its message says', async () => {
    keywordsApi(() => json(500, { message: 'Something went wrong' }));
    renderApp('/keywords');
    expect(await screen.findByText(KEYWORD_MESSAGES.loadError)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(screen.getByText('Demo Data')).toBeInTheDocument();
    expect(screen.queryByText('Loading keywords…')).toBeNull();
    expect(within(table).getByRole('cell', { name: 'furnace repair near me' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(9);
  });

  it('keeps the room of the loaded page while loading: the sample rows first, then the shape last seen', async () => {
    // Answers that never come: the loading state as it stays.
    const pending = () => new Promise<Response>(() => {});
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      '/api/analytics/keywords': pending,
      '/api/keywords/summary': pending,
      '/api/keywords/insights': pending,
    });
    const first = renderApp('/keywords');
    expect(await screen.findByText('Loading keywords…')).toHaveAttribute('role', 'status');
    // No Google connection, nothing seen before: room for the 8 sample rows and the "no data" message.
    const rowsOf = () => document.querySelectorAll('tbody tr[aria-hidden="true"]');
    expect(rowsOf()).toHaveLength(8);
    expect(screen.getByText(KEYWORD_MESSAGES.noData).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    first.unmount();

    // Once seen with live rows, the next visit makes room for as many rows, the sub-texts, no message.
    keywordsApi(() => json(200, list));
    const second = renderApp('/keywords');
    expect(await screen.findByText('Live Data')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Write this post' });
    second.unmount();
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      '/api/analytics/keywords': pending,
      '/api/keywords/summary': pending,
      '/api/keywords/insights': pending,
    });
    renderApp('/keywords');
    await screen.findByText('Loading keywords…');
    expect(rowsOf()).toHaveLength(4);
    expect(screen.queryByText(KEYWORD_MESSAGES.noData)).toBeNull();
    // The sub-texts' room: placeholder text drawn from data-text (GhostText), not text.
    expect(document.querySelector('[data-text="Improved 0.0 positions"]')).not.toBeNull();
    expect(screen.queryByText('Improved 0.0 positions')).toBeNull();
  });

  it("Business Search with no name says the spec's Missing Information text", async () => {
    keywordsApi(() => json(200, list));
    renderApp('/keywords');
    await screen.findByText('Live Data');
    await userEvent.type(screen.getByRole('textbox', { name: 'Location (optional)' }), 'Dayton');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Missing Information — Please enter a business name to search',
    );
  });

  it('lays out the figures as a valid definition list (axe: definition-list, dlitem)', async () => {
    keywordsApi(() => json(200, list));
    renderApp('/keywords');
    await screen.findByText('Live Data');
    const dl = document.querySelector('dl')!;
    for (const item of dl.children) {
      expect(item.tagName).toBe('DIV');
      expect([...item.children].map((c) => c.tagName)).toEqual(['DT', 'DD', 'DD']);
    }
    const result = await axe.run(dl, { runOnly: ['definition-list', 'dlitem'] });
    expect(result.violations).toEqual([]);
  });
});
