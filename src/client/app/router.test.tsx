import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LANDING_H1 = /More booked jobs\.\s*Less time at the laptop\./;

describe('public routes', () => {
  it('shows the landing page for an unknown path, with one h1 and a Start Free Trial link to /api/login', async () => {
    mockApi({});
    renderApp('/no-such-page');

    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent(LANDING_H1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const trialLinks = screen.getAllByRole('link', { name: /Start Free Trial/ });
    expect(trialLinks.length).toBeGreaterThan(0);
    for (const link of trialLinks) expect(link).toHaveAttribute('href', '/api/login');
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/api/login');
    // A returning owner's "Log in" goes to the sign-in form, never to sign-up.
    for (const link of screen.getAllByRole('link', { name: 'Log in' })) expect(link).toHaveAttribute('href', '/login');
  });

  it.each(['/', '/landing'])('shows the landing page at %s with landmarks and the page title', async (path) => {
    mockApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(LANDING_H1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Fieldwise/));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/field-service|HVAC/);
  });

  it('opens the phone menu with its button and closes it again with Escape', async () => {
    mockApi({});
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    toggle.click();
    expect(await screen.findByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('navigation', { name: 'Mobile' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('makes the landing page promises and claims', async () => {
    mockApi({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    for (const claim of [
      'Free 14-day trial',
      'No setup fees',
      'Cancel anytime',
      'Set up in under 5 minutes',
      '10,000+',
      '50M+',
      '300%',
      '99.9%',
    ]) {
      expect(within(main).getAllByText(claim, { exact: false }).length, claim).toBeGreaterThan(0);
    }
    expect(within(main).getAllByText(/40 hours a week/).length).toBeGreaterThan(0);

    const table = within(main).getByRole('table');
    for (const column of ['Fieldwise', 'Generic social schedulers', 'Marketing agencies', 'DIY spreadsheets']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    for (const row of ['Price', 'Field-service templates', 'Lead scoring', 'Review replies', 'Setup time']) {
      expect(within(table).getByRole('rowheader', { name: row })).toBeInTheDocument();
    }

    const testimonials = within(main).getByRole('region', { name: 'Owners who got their evenings back' });
    expect(within(testimonials).getAllByRole('listitem')).toHaveLength(3);
  });

  it('does not call the API or load the signed-in app for a visitor to /', async () => {
    const fetchMock = mockApi({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(calledPaths(fetchMock)).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  it.each([
    ['/features', 'Features'],
    ['/pricing', 'Pricing'],
    ['/about', 'About'],
    ['/demo', 'Demo'],
    ['/onboarding', 'Get set up'],
  ])('shows its own page at %s inside the public layout, with its title', async (path, title) => {
    mockApi({ '/api/auth/user': () => json(401, {}) });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/is being built/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Fieldwise`));
  });

  it('shows the registrar screen at /godaddy inside the public layout, asking a visitor to sign in', async () => {
    mockApi({ '/api/auth/user': () => json(401, {}) });
    renderApp('/godaddy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Domain registrar' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Sign in to connect your domains' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Domain registrar · Fieldwise'));
  });
});

describe('sign-in screens', () => {
  it('shows the sign-in form in the auth layout for a visitor', async () => {
    mockApi({ '/api/auth/user': () => json(401, { message: 'Not authenticated' }) });
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it.each(['/login', '/register'])('sends an authenticated user from %s to /dashboard', async (path) => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    const app = renderApp(path);
    expect(await screen.findByText('Your marketing performance overview')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
  });

  it('sends an authenticated user on /login?next=/onboarding back to onboarding', async () => {
    mockApi({ '/api/auth/user': () => json(200, demoUser), '/api/user/onboarding': () => json(200, null) });
    const app = renderApp('/login?next=/onboarding');
    await waitFor(() => expect(app.currentPath()).toBe('/onboarding'));
  });

  it('sends /reset-password without a token to /forgot-password', async () => {
    mockApi({ '/api/auth/user': () => json(401, {}) });
    const app = renderApp('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/forgot-password');
  });

  it('keeps the token on /reset-password/:token and explains a missing verification token', async () => {
    mockApi({ '/api/auth/user': () => json(401, {}) });
    const app = renderApp('/reset-password/abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/reset-password/abc123');
    app.unmount();

    renderApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or missing verification token.');
  });
});
