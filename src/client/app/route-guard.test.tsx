import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { authKeys } from '@/lib/query-keys';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { RouteGuard } from './route-guard';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGuard(props: Omit<Parameters<typeof RouteGuard>[0], 'children'>) {
  const location = memoryLocation({ path: '/admin-only', record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <RouteGuard {...props}>
          <p>Secret page</p>
        </RouteGuard>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('route guard', () => {
  it('shows a spinner while the user loads, then redirects an unauthenticated visitor to /login', async () => {
    const fetchMock = mockApi({ '/api/auth/user': () => json(401, { message: 'Not authenticated' }) });
    const app = renderApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent(/Loading|Checking your session/);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(screen.queryByText('Your marketing performance overview')).not.toBeInTheDocument();
    // The answer is cached: the sign-in page does not ask again.
    expect(calledPaths(fetchMock).filter((p) => p === 'GET /api/auth/user')).toHaveLength(1);
  });

  it('redirects to a custom fallback path', async () => {
    mockApi({ '/api/auth/user': () => json(401, {}) });
    const location = renderGuard({ fallbackPath: '/welcome' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/welcome'));
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('shows Access Denied with the required role when the role is too low', async () => {
    mockApi({ '/api/auth/user': () => json(200, { ...demoUser, role: 'user' }) });
    renderGuard({ requiredRole: 'admin' });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have sufficient permissions to access this page. Required role: admin."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('treats an unknown role as user and lets a high enough role in', async () => {
    mockApi({ '/api/auth/user': () => json(200, { ...demoUser, role: 'member' }) });
    renderGuard({ requiredRole: 'manager' });
    expect(await screen.findByText(/Required role: manager\./)).toBeInTheDocument();
    vi.unstubAllGlobals();

    mockApi({ '/api/auth/user': () => json(200, { ...demoUser, role: 'admin' }) });
    renderGuard({ requiredRole: 'manager' });
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
  });

  it('asks an unverified user to verify their email when the route requires it', async () => {
    mockApi({ '/api/auth/user': () => json(200, { ...demoUser, emailVerified: false }) });
    renderGuard({ requireVerifiedEmail: true });
    expect(await screen.findByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I've Verified My Email" })).toBeInTheDocument();
  });
});

describe('signed-in layout', () => {
  it('shows the dashboard title and subtitle with the Dashboard tab active', async () => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Your marketing performance overview')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Dashboard',
      'Social Media',
      'Leads',
      'Inbox',
      'Reviews',
      'Analytics',
      'Keywords',
      'Website',
      'AI Coach',
    ]);
    expect(within(tabs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Quick Actions' })).toBeInTheDocument();
  });

  it.each([
    ['/felix', 'Dashboard', 'Your marketing performance overview'],
    ['/app', 'Dashboard', 'Your marketing performance overview'],
    ['/leads', 'Leads', 'Track, score and follow up every lead'],
    ['/settings', 'Settings', 'Manage your account and preferences'],
  ])('shows the page header for %s', async (path, title, subtitle) => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(subtitle)).toBeInTheDocument();
  });

  it('moves between tabs and marks the new one active', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    const app = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const tabs = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(tabs).getByRole('link', { name: 'Leads' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/leads');
    expect(within(tabs).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('signs out to /login even when the logout call fails, and empties the cache', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const fetchMock = mockApi({
      '/api/auth/user': () => (signedIn ? json(200, demoUser) : json(401, {})),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return json(500, { message: 'Database unavailable' });
      },
    });
    const app = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Account menu for Dana Brooks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(calledPaths(fetchMock)).toContain('POST /api/auth/logout');
    // The cached user is gone; the sign-in page asked again and nobody is signed in.
    await waitFor(() => expect(app.queryClient.getQueryData(authKeys.user())).toBeNull());
  });

  it('links Profile and Settings from the user menu', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Account menu for Dana Brooks' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings?tab=profile');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});

describe('route guard on a server error', () => {
  it('treats a failing user call as not authenticated', async () => {
    mockApi({ '/api/auth/user': () => json(500, { message: 'boom' }) });
    const location = renderGuard({});
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });
});
