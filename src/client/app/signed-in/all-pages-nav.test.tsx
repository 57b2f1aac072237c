import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => vi.unstubAllGlobals());

/** The whole app renders lazily; on a busy machine the first screen can take seconds. */
const SLOW = { timeout: 8000 };

describe("the spec's alternate navigation bar", { timeout: 20_000 }, () => {
  it('lists every page by its job, marks the current one, and goes to a page without a top tab', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/leads');
    const nav = await screen.findByRole('navigation', { name: 'All pages' }, SLOW);
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Social Media', '/social'],
      ['Website Updates', '/website'],
      ['Reports', '/reports'],
      ['SEO Optimization', '/seo'],
      ['Reviews', '/reviews'],
      ['Lead Generation', '/leads'],
      ['AI Coach', '/ai-coach'],
      ['Domains (GoDaddy)', '/godaddy'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Lead Generation' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, SLOW)).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });
});
