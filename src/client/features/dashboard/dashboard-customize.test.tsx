import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_CARD_IDS } from '@shared/dashboard-layout';
import type { TNextSteps } from '@shared/schemas/next-steps';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { emptyDashboard } from '@/test-utils/dashboard-fixture';

/** The whole app renders lazily; on a busy machine the first screen can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

const empty = emptyDashboard();

const steps: TNextSteps = {
  planSaved: true,
  done: 1,
  total: 2,
  steps: [
    {
      id: 'plan-1',
      title: 'Call every new lead back within 5 minutes',
      description: 'Speed wins the job.',
      category: 'Leads',
      action: 'add-lead',
      cta: { label: 'Add a lead', href: '/leads' },
      done: true,
    },
    {
      id: 'plan-2',
      title: 'Turn your website into a lead machine',
      description: 'Connect WordPress.',
      category: 'Website',
      action: 'connect-wordpress',
      cta: { label: 'Connect WordPress', href: '/settings?tab=wordpress' },
      done: false,
    },
  ],
};

function render(path: string, savedLayout: unknown = { order: [...DASHBOARD_CARD_IDS], hidden: [] }) {
  const puts: unknown[] = [];
  mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/dashboard': () => json(200, empty),
    '/api/felix/next-steps': () => json(200, steps),
    'GET /api/dashboard/layout': () => json(200, savedLayout),
    'PUT /api/dashboard/layout': (init) => {
      const body: unknown = JSON.parse(String(init?.body));
      puts.push(body);
      return json(200, body);
    },
  });
  return { ...renderApp(path), puts };
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('dashboard next steps and customizing', { timeout: 20_000 }, () => {
  it('shows the saved plan as next steps, done ones ticked and the rest with their action', async () => {
    render('/dashboard');
    const list = await screen.findByRole('list', { name: 'Next steps' }, SLOW);
    expect(screen.getByText('1 of 2 done')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('(done)');
    expect(within(first!).queryByRole('link')).toBeNull();
    expect(second).toHaveTextContent('(to do)');
    expect(within(second!).getByRole('link', { name: /Connect WordPress/ })).toHaveAttribute(
      'href',
      '/settings?tab=wordpress',
    );
  });

  it('?customize=true hides and reorders cards, saves the choice to the account, and Done closes it', async () => {
    const app = render('/dashboard?customize=true');
    await screen.findByRole('heading', { name: 'Customize Dashboard' }, SLOW);
    await screen.findByRole('heading', { name: 'Recent Activity' }, SLOW);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Recent Activity' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Recent Activity' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Move Quick Actions up' }));
    await waitFor(() =>
      expect(headings().filter((h) => h === 'Quick Actions' || h === 'Upcoming Tasks')).toEqual([
        'Quick Actions',
        'Upcoming Tasks',
      ]),
    );

    expect(app.puts.at(-1)).toEqual({
      order: ['stats', 'next-steps', 'recent-activity', 'quick-actions', 'upcoming-tasks'],
      hidden: ['recent-activity'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Customize Dashboard' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent Activity' })).toBeNull();
  });
});

it('shows the cards in the order the user saved', { timeout: 20_000 }, async () => {
  render('/dashboard', {
    order: ['quick-actions', 'upcoming-tasks', 'stats', 'next-steps', 'recent-activity'],
    hidden: ['next-steps'],
  });
  await waitFor(() => expect(headings()[0]).toBe('Quick Actions'), SLOW);
  expect(headings()).not.toContain('Your next steps');
});

it(
  'customizing starts from the saved layout even when it arrives late, so a change never brings hidden cards back',
  {
    timeout: 20_000,
  },
  async () => {
    let answer: (value: Response) => void = () => {};
    const puts: unknown[] = [];
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      '/api/dashboard': () => json(200, empty),
      '/api/felix/next-steps': () => json(200, steps),
      'GET /api/dashboard/layout': () => new Promise<Response>((resolve) => (answer = resolve)),
      'PUT /api/dashboard/layout': (init) => {
        const body: unknown = JSON.parse(String(init?.body));
        puts.push(body);
        return json(200, body);
      },
    });
    renderApp('/dashboard?customize=true');
    await screen.findByLabelText('Loading your cards', undefined, SLOW);
    expect(screen.queryByRole('checkbox')).toBeNull();

    answer(json(200, { order: [...DASHBOARD_CARD_IDS], hidden: ['stats'] }));
    const recent = await screen.findByRole('checkbox', { name: 'Recent Activity' }, SLOW);
    expect(screen.getByRole('checkbox', { name: 'Performance figures' })).not.toBeChecked();
    fireEvent.click(recent);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ order: [...DASHBOARD_CARD_IDS], hidden: ['stats', 'recent-activity'] });
    expect(screen.getByRole('checkbox', { name: 'Recent Activity' })).not.toBeChecked();
  },
);
