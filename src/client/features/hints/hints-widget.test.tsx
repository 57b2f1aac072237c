import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { ACTIVITY_STORAGE_KEY, loadActivity } from './user-activity';
import { emptyDashboard } from '@/test-utils/dashboard-fixture';

type Routes = Parameters<typeof mockApi>[0];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // 8:00 local: outside business hours unless a test moves the clock.
  vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function showHints(path: string, routes: Routes = {}) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const fetchMock = mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/dashboard': () => json(200, emptyDashboard()),
    ...routes,
  });
  const app = renderApp(path);
  const widget = await screen.findByRole('complementary', { name: 'Felix' });
  const title = () => within(widget).getByRole('heading', { level: 3 }).textContent;
  return { user, fetchMock, app, widget, title };
}

// Whole-app renders with lazy chunks are slow on a busy machine.
describe('hints widget', { timeout: 20_000 }, () => {
  it('shows the dashboard hints one at a time, rotating every 10 seconds, with dots that jump', async () => {
    const { user, widget, title } = await showHints('/dashboard');
    const dots = within(within(widget).getByRole('group', { name: 'Choose a hint' })).getAllByRole('button');
    expect(dots).toHaveLength(3);
    expect(title()).toBe('New here? Start with the basics');
    expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(title()).toBe('New here? Start with the basics');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(title()).toBe('Make the dashboard yours');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(title()).toBe('Let the routine run itself');
    expect(within(widget).getByText(/40% more leads/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(title()).toBe('New here? Start with the basics');

    await user.click(within(widget).getByRole('button', { name: 'Show hint 3 of 3' }));
    expect(title()).toBe('Let the routine run itself');
  });

  it('dismisses a hint for good and remembers it on this device', async () => {
    const { user, widget, title } = await showHints('/social');
    expect(title()).toBe('Post when customers scroll');
    expect(within(widget).getByText(/6-8 PM on weekdays and 10 AM-2 PM on weekends/)).toBeInTheDocument();
    await user.click(within(widget).getByRole('button', { name: 'Dismiss' }));
    expect(title()).toBe('Plan a week of posts at once');
    expect(within(widget).queryByRole('group', { name: 'Choose a hint' })).not.toBeInTheDocument();
    expect(loadActivity().dismissedHints).toEqual(['peak-posting-times']);
  });

  it('never offers Dismiss on connect-analytics', async () => {
    const { widget, title } = await showHints('/analytics', {
      '/api/analytics/top-keywords': () => json(200, { keywords: [], source: 'search_console' }),
    });
    expect(title()).toBe('Connect your analytics');
    expect(within(widget).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(within(widget).getByRole('button', { name: 'Connect Analytics' })).toBeInTheDocument();
    // Beside the hint, the page's Top Keywords card says the spec's words when there are none.
    expect(await screen.findByText('Connect Google Search Console for real keyword data')).toBeInTheDocument();
  });

  it('adds the business-hours hint between 9:00 and 17:59 only', async () => {
    vi.setSystemTime(new Date(2026, 2, 10, 17, 30));
    const { widget } = await showHints('/dashboard');
    expect(within(widget).getAllByRole('button', { name: /Show hint/ })).toHaveLength(4);
  });

  it('records the action, then navigates to its target even when recording fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, fetchMock, app, widget } = await showHints('/leads', {
      'POST /api/felix/hint-action': () => json(500, { message: 'down' }),
    });
    await user.click(within(widget).getByRole('button', { name: 'Optimize Leads' }));

    expect(app.currentPath()).toBe('/leads?action=optimize');
    const index = calledPaths(fetchMock).indexOf('POST /api/felix/hint-action');
    const body = JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      hintId: 'lead-scoring',
      action: 'optimize',
      timestamp: expect.stringMatching(/^2026-03-10T/),
    });
    expect(loadActivity().completedActions).toEqual(['lead-scoring:optimize']);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });

  it('closes to a Felix Hints button and reopens', async () => {
    const { user, widget } = await showHints('/reviews');
    await user.click(within(widget).getByRole('button', { name: 'Close hints' }));
    expect(screen.queryByRole('complementary', { name: 'Felix' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Felix Hints' }));
    expect(await screen.findByRole('complementary', { name: 'Felix' })).toHaveTextContent('Answer reviews faster');
  });

  it('once closed on a page, stays folded there on the next visit; another page still opens it', async () => {
    const first = await showHints('/reviews');
    await first.user.click(within(first.widget).getByRole('button', { name: 'Close hints' }));
    first.app.unmount();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    const again = renderApp('/reviews');
    expect(await screen.findByRole('button', { name: 'Felix Hints' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Felix' })).not.toBeInTheDocument();
    again.unmount();
    await showHints('/leads');
  });

  it('shows only the reopen button on a page without hints, and tracks page views', async () => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Felix Hints' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Felix' })).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(ACTIVITY_STORAGE_KEY) ?? '{}') as {
      pageViews: Record<string, number>;
    };
    expect(stored.pageViews['/settings']).toBeGreaterThan(0);
  });
});
