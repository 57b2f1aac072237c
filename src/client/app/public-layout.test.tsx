import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

/** The whole app renders lazily; on a busy machine the first screen can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'fw_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the public header', { timeout: 20_000 }, () => {
  it("sends a visitor's Sign in to /login and keeps Start Free Trial on /api/login", async () => {
    mockApi({ '/api/auth/user': () => json(401, { message: 'Please sign in to continue.' }) });
    renderApp('/features');
    const header = await screen.findByRole('banner', {}, SLOW);
    expect(await within(header).findByRole('link', { name: 'Sign in' }, SLOW)).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/api/login');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows a signed-in owner Dashboard instead of Sign in, even on the first page of the visit', async () => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    // The server sets this readable hint beside the session cookie.
    document.cookie = 'fw_signed_in=1; path=/';
    renderApp('/pricing');
    const header = await screen.findByRole('banner', {}, SLOW);
    expect(await within(header).findByRole('link', { name: 'Dashboard' }, SLOW)).toHaveAttribute('href', '/dashboard');
    expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
