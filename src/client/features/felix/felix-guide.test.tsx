import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNextSteps } from '@shared/schemas/next-steps';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { emptyDashboard } from '@/test-utils/dashboard-fixture';

/** The whole app renders lazily; on a busy machine the first screen can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => vi.unstubAllGlobals());

const dashboard = emptyDashboard('UTC');

const steps: TNextSteps = {
  planSaved: true,
  done: 1,
  total: 2,
  steps: [
    {
      id: 'plan-1',
      title: 'Ask for a Google review after every finished job',
      description: 'Reviews win work.',
      category: 'Reviews',
      action: 'connect-account',
      cta: { label: 'Open Connections', href: '/settings?tab=connections' },
      done: false,
    },
    {
      id: 'add-lead',
      title: 'Add your first lead',
      description: 'Put a recent enquiry into Leads.',
      category: null,
      action: 'add-lead',
      cta: { label: 'Add a lead', href: '/leads' },
      done: true,
    },
  ],
};

function open(path: string) {
  const fetchMock = mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/dashboard': () => json(200, dashboard),
    '/api/felix/next-steps': () => json(200, steps),
    'POST /api/felix/chat': () => json(503, { message: 'down' }),
  });
  return { app: renderApp(path), fetchMock };
}

describe('Felix guides', { timeout: 20_000 }, () => {
  it('/felix?task=quick-start opens Felix on the first-week checklist from the saved plan', async () => {
    open('/felix?task=quick-start');
    const panel = await screen.findByRole('dialog', { name: 'Felix' }, SLOW);
    const list = await within(panel).findByRole('list', { name: 'First-week checklist' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ask for a Google review after every finished job (to do)');
    expect(within(items[0]!).getByRole('button', { name: 'Open Connections' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Add your first lead (done)');
    expect(within(panel).getByText(/1 of 2 done/)).toBeInTheDocument();
  });

  it('/felix?task=automation says what the running automations do and where each is switched', async () => {
    open('/felix?task=automation');
    const panel = await screen.findByRole('dialog', { name: 'Felix' }, SLOW);
    const running = within(panel).getByRole('list', { name: 'Automations' });
    expect(within(panel).queryByText(/Coming soon|being built/)).toBeNull();
    const items = within(running).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Review requests.*When a lead is marked converted/);
    expect(within(items[0]!).getByRole('button', { name: 'Open Reviews' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent(/Weekly report.*Every Monday morning/);
    expect(within(items[1]!).getByRole('button', { name: 'Open Notifications' })).toBeInTheDocument();
    expect(within(panel).getByText(/Speed-to-lead: whoever fills in the form/)).toBeInTheDocument();
  });

  it('a "Get Ideas" hint opens Felix and asks for ideas', async () => {
    const { fetchMock } = open('/felix?hint=business-hours-opportunity&action=get-ideas');
    const panel = await screen.findByRole('dialog', { name: 'Felix' }, SLOW);
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('POST /api/felix/chat'), SLOW);
    expect(
      calledPaths(fetchMock).filter((p) => p === 'POST /api/felix/chat'),
      'asked once',
    ).toHaveLength(1);
    expect(within(panel).getAllByText('Give me ideas for what to do during business hours today.')).toHaveLength(1);
  });

  it('the plain /dashboard keeps Felix closed', async () => {
    open('/dashboard');
    await screen.findByRole('heading', { name: 'Quick Actions' }, SLOW);
    expect(screen.queryByRole('dialog', { name: 'Felix' })).toBeNull();
  });
});
