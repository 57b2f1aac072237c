import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledPaths, json, mockApi, renderApp } from '@/test-utils/render-app';
import { renderToString } from 'react-dom/server';
import { DEV_HUD_FLAG, DevHud } from './dev-hud';
import { Router } from 'wouter';
import { HydrationFlag } from '@/lib/use-hydrated';

const STATUS = {
  env: 'development',
  authMode: 'demo',
  storageMode: 'db',
  tenant: { name: 'Brooks Heating & Air' },
  user: { email: 'dana@brooksheating.example' },
  time: '2025-05-01T09:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dev status overlay', () => {
  it('stays hidden without the flag', async () => {
    const fetchMock = mockApi({ '/api/dev/status': () => json(200, STATUS) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Developer status' })).not.toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('GET /api/dev/status');
  });

  it('appears with ?dev=1, remembers the flag and shows the server status', async () => {
    mockApi({ '/api/dev/status': () => json(200, STATUS) });
    renderApp('/?dev=1');

    const hud = await screen.findByRole('complementary', { name: 'Developer status' });
    expect(hud).toBeInTheDocument();
    expect(await screen.findByText('development')).toBeInTheDocument();
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(screen.getByText('db')).toBeInTheDocument();
    expect(screen.getByText('Brooks Heating & Air')).toBeInTheDocument();
    expect(screen.getByText('dana@brooksheating.example')).toBeInTheDocument();
    expect(screen.getByText('2025-05-01T09:00:00.000Z')).toBeInTheDocument();
    expect(window.localStorage.getItem(DEV_HUD_FLAG)).toBe('1');
  });

  it('is not in a server-rendered page, even with ?dev=1 (its panel is a chunk the server cannot wait for)', () => {
    // As the server draws it (App with an ssrPath): the page counts as not yet hydrated.
    const html = renderToString(
      <HydrationFlag hydrating>
        <Router ssrPath="/leads?dev=1">
          <DevHud />
        </Router>
      </HydrationFlag>,
    );
    expect(html).toBe('');
  });

  it('appears when the localStorage flag is set and shows the user subject when there is no email', async () => {
    window.localStorage.setItem(DEV_HUD_FLAG, '1');
    mockApi({ '/api/dev/status': () => json(200, { ...STATUS, tenant: null, user: { sub: 'oidc|42' } }) });
    renderApp('/dashboard-not-a-route');
    expect(await screen.findByText('oidc|42')).toBeInTheDocument();
  });

  it("shows 'unreachable' when the status call fails", async () => {
    window.localStorage.setItem(DEV_HUD_FLAG, '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/');
    expect(await screen.findByText('unreachable')).toBeInTheDocument();
  });

  it("shows 'unreachable' on a server error", async () => {
    mockApi({ '/api/dev/status': () => json(503, { message: 'down' }) });
    renderApp('/?dev=1');
    expect(await screen.findByText('unreachable')).toBeInTheDocument();
  });

  it('polls every 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ '/api/dev/status': () => json(200, STATUS) });
    renderApp('/?dev=1');
    await screen.findByText('development');
    const polls = () => calledPaths(fetchMock).filter((p) => p === 'GET /api/dev/status').length;
    const before = polls();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await waitFor(() => expect(polls()).toBe(before + 1));
  });

  it('hides and clears the flag', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(DEV_HUD_FLAG, '1');
    mockApi({ '/api/dev/status': () => json(200, STATUS) });
    renderApp('/');
    await screen.findByText('development');

    await user.click(screen.getByRole('button', { name: 'Hide dev status' }));
    expect(screen.queryByRole('complementary', { name: 'Developer status' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DEV_HUD_FLAG)).toBeNull();
  });
});
