import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { makeLead, page } from './leads-test-kit';

const SLOW = { timeout: 8000 };

afterEach(() => vi.unstubAllGlobals());

describe('/leads?action=optimize (the Optimize Leads hint)', { timeout: 20_000 }, () => {
  it('lists the open leads to call first, in the server’s order, each with why and a call link', async () => {
    const hot = makeLead({ id: 'a', name: 'No Heat Household', leadScore: 88, phone: '(303) 555-0101' });
    const warm = makeLead({ id: 'b', name: 'Tune-up Family', leadScore: 41, phone: null });
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, demoUser),
      'GET /api/leads/hottest': () => json(200, { leads: [hot, warm] }),
      'GET /api/leads': () => json(200, page([warm, hot])),
      'POST /api/events': () => json(202, {}),
    });
    renderApp('/leads?action=optimize');
    const list = await screen.findByRole('list', { name: 'Leads to call first' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('1. No Heat Household'),
      expect.stringContaining('2. Tune-up Family'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: /Call \(303\) 555-0101/ })).toHaveAttribute(
      'href',
      'tel:3035550101',
    );
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/leads/hottest?limit=5'))).toBe(true);
  });

  it('is not shown on a plain visit to /leads', async () => {
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      'GET /api/leads': () => json(200, page([])),
      'POST /api/events': () => json(202, {}),
    });
    renderApp('/leads');
    await screen.findByRole('heading', { level: 1, name: 'Leads' }, SLOW);
    expect(screen.queryByRole('heading', { name: 'Call these first' })).toBeNull();
  });
});
