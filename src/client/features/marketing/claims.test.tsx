import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '@/test-utils/render-app';
import { CLAIMS } from './claims';

/** The whole app renders lazily; on a busy machine the first screen can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => vi.unstubAllGlobals());

const BADGE = 'Coming soon';
const claimOf = (el: HTMLElement) => (el.textContent ?? '').replace(BADGE, '').trim();

/** Each claim on the page is catalogued, and carries "Coming soon" exactly when its capability is not shipped. */
function expectHonest(items: HTMLElement[]) {
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const claim = claimOf(item);
    const capability = CLAIMS[claim];
    expect(capability, `"${claim}" is listed in claims.ts with the capability it needs`).toBeDefined();
    expect(item.textContent?.includes(BADGE), `"${claim}" says Coming soon only when not shipped`).toBe(
      !capability!.shipped,
    );
  }
}

describe('public feature claims', { timeout: 20_000 }, () => {
  it('the capability cards on / are each shipped or Coming soon', async () => {
    mockApi({});
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: /One app for the marketing/ }, SLOW)).closest(
      'section',
    )!;
    const cards = within(section)
      .getAllByRole('heading', { level: 3 })
      .filter((h) => !/Try all seven/.test(h.textContent ?? ''));
    expectHonest(cards);
    // Keywords and analytics both shipped (issue 17): no badge.
    expect(within(section).getByRole('heading', { name: /Keyword & analytics reports/ })).not.toHaveTextContent(BADGE);
  });

  it('the feature list on /features', async () => {
    mockApi({});
    renderApp('/features');
    const section = (await screen.findByRole('heading', { name: /Eight tools, one login/ }, SLOW)).closest('section')!;
    expectHonest(within(section).getAllByRole('heading', { level: 3 }));
    expect(within(section).getByRole('heading', { name: /^AI coach/ })).not.toHaveTextContent(BADGE);
    expect(within(section).getByRole('heading', { name: /^Lead tracking/ })).not.toHaveTextContent(BADGE);
  });

  it("the plans' feature lists on /pricing", async () => {
    mockApi({});
    renderApp('/pricing');
    const plans = await screen.findAllByRole('article', {}, SLOW);
    const features = plans.flatMap((plan) =>
      within(plan)
        .getAllByRole('listitem')
        .filter((li) => !/^Everything in /.test(li.textContent ?? '') && !/success manager/.test(li.textContent ?? '')),
    );
    expectHonest(features);
  });

  it('the feature tabs on /demo', async () => {
    mockApi({});
    renderApp('/demo');
    const tabs = within(await screen.findByRole('tablist', { name: 'Demo features' }, SLOW)).getAllByRole('tab');
    for (const tab of tabs) expect(CLAIMS[claimOf(tab)], claimOf(tab)).toBeDefined();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Business Analytics' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Business Analytics' }));
    expect(
      await screen.findByRole('heading', { name: /Know which marketing actually pays/ }, SLOW),
    ).not.toHaveTextContent(BADGE);
  });
});
