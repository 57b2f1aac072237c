import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDashboard } from '@shared/schemas/dashboard';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { emptyDashboard } from '@/test-utils/dashboard-fixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

const empty = emptyDashboard();

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const populated: TDashboard = {
  timezone: 'America/New_York',
  stats: {
    leadsThisMonth: 12,
    leadsLastMonth: 8,
    averageRating: 4.625,
    reviewCount: 8,
    conversionRate: 16.7,
    socialEngagements: 1530,
  },
  recentActivity: [
    {
      id: '7b0e0c9e-1d7c-4a51-9a43-5b5f3f7f0a01',
      type: 'lead_created',
      title: 'New lead: Maria Lopez',
      description: 'AC repair in Austin',
      createdAt: hoursAgo(2),
    },
    {
      id: '7b0e0c9e-1d7c-4a51-9a43-5b5f3f7f0a02',
      type: 'review_replied',
      title: 'Replied to a review',
      description: null,
      createdAt: hoursAgo(50),
    },
  ],
  upcomingTasks: [
    {
      id: '7b0e0c9e-1d7c-4a51-9a43-5b5f3f7f0a03',
      title: 'Call back Maria Lopez',
      description: 'Quote for a new AC unit',
      type: 'follow_up',
      status: 'pending',
      progress: 0,
      dueAt: null,
      completedAt: null,
      leadId: null,
      reviewId: null,
      leadName: null,
      createdAt: hoursAgo(3),
    },
  ],
};

function renderDashboard(body: TDashboard | (() => Response)) {
  mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/dashboard': typeof body === 'function' ? body : () => json(200, body),
  });
  return renderApp('/dashboard');
}

const figures = () => screen.getByRole('region', { name: 'Key figures' });
const card = (label: string) =>
  within(figures()).getByRole('heading', { name: label }).closest('div.rounded-xl') as HTMLElement;

// Whole-app renders with lazy chunks are slow on a busy machine.
describe('dashboard', { timeout: 20_000 }, () => {
  it("shows a new business's honest empty state, never sample numbers", async () => {
    renderDashboard(empty);
    await screen.findByText('Same as last month');
    expect(within(card('Leads this month')).getByText('0')).toBeInTheDocument();
    expect(within(card('Avg. review rating')).getByText('No data')).toBeInTheDocument();
    expect(within(card('Avg. review rating')).getByRole('link', { name: 'Manage reviews' })).toHaveAttribute(
      'href',
      '/reviews',
    );
    expect(within(card('Lead conversion')).getByRole('link', { name: 'Add a lead' })).toHaveAttribute('href', '/leads');
    expect(within(card('Social engagements')).getByText(/No post results yet/)).toBeInTheDocument();
    expect(screen.getByText(/No activity yet/)).toBeInTheDocument();
    expect(screen.getByText(/No upcoming tasks/)).toBeInTheDocument();
    for (const sample of ['247', '4.8', '23.4%', '1,234']) expect(screen.queryByText(sample)).not.toBeInTheDocument();
  });

  it("shows the tenant's figures, recent activity with relative times and upcoming tasks", async () => {
    renderDashboard(populated);
    await screen.findByText('12');
    expect(within(card('Leads this month')).getByText('+4 from last month (+50%)')).toBeInTheDocument();
    expect(within(card('Avg. review rating')).getByText('4.6')).toBeInTheDocument();
    expect(within(card('Avg. review rating')).getByText('from 8 reviews')).toBeInTheDocument();
    expect(within(card('Lead conversion')).getByText('16.7%')).toBeInTheDocument();
    expect(within(card('Social engagements')).getByText('1,530')).toBeInTheDocument();

    const activity = screen.getByRole('heading', { name: 'Recent Activity' }).closest('div.rounded-xl') as HTMLElement;
    const rows = within(activity).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('New lead: Maria Lopez');
    expect(rows[0]).toHaveTextContent('2 hours ago');
    expect(rows[1]).toHaveTextContent('2 days ago');
    const tasks = screen.getByRole('heading', { name: 'Upcoming Tasks' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(tasks).getByRole('listitem')).toHaveTextContent(
      'Call back Maria LopezQuote for a new AC unitNo due date',
    );
  });

  it('offers the four quick actions of the spec', async () => {
    renderDashboard(empty);
    const actions = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest(
      'div.rounded-xl',
    ) as HTMLElement;
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Create Social Post', '/social?action=create-post'],
      ['Add New Lead', '/leads?action=add'],
      ['Manage Reviews', '/reviews'],
      ['View Analytics', '/analytics'],
    ]);
  });

  it('says so when the figures cannot be loaded', async () => {
    renderDashboard(() => json(500, { message: 'down' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your dashboard could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
