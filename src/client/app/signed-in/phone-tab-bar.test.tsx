import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 8000 };

describe("the phone's tab bar", { timeout: 20_000 }, () => {
  it('holds Today, Leads, Inbox, Post and More; More lists every other page, closes on Escape and goes where tapped', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    const app = renderApp('/leads');
    const bar = await screen.findByRole('navigation', { name: 'Phone tabs' }, SLOW);
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Today', '/dashboard'],
      ['Leads', '/leads'],
      ['Inbox', '/inbox'],
      ['Post', '/social?tab=quick&action=quick-post'],
    ]);
    expect(within(bar).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');

    const more = within(bar).getByRole('button', { name: 'More' });
    await user.click(more);
    const sheet = screen.getByRole('dialog', { name: 'More' });
    const pages = within(sheet)
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'));
    // Every page but the three in the bar, each once.
    expect(pages).toEqual([
      '/social',
      '/reviews',
      '/analytics',
      '/keywords',
      '/website',
      '/ai-coach',
      '/reports',
      '/seo',
      '/godaddy',
      '/settings',
      '/jobs',
    ]);
    expect(within(sheet).getByRole('link', { name: 'Social Media' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument();
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(within(screen.getByRole('dialog', { name: 'More' })).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, SLOW)).toBeInTheDocument();
    expect(app.currentPath()).toBe('/reports');
    expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});
