import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSocialPost, TSocialPostList } from '@shared/schemas/social';
import type { TSocialAnalytics } from '@shared/schemas/social-analytics';
import { todayIn } from './wizard-schedule';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => vi.unstubAllGlobals());

const TZ = 'Pacific/Auckland';
const figures = {
  posts: 0,
  likes: 0,
  shares: 0,
  comments: 0,
  reach: 0,
  impressions: 0,
  clicks: 0,
  engagementRate: null,
};
const noAnalytics: TSocialAnalytics = {
  period: '30d',
  sample: false,
  lastSyncedAt: null,
  totals: figures,
  platforms: [],
};

// Today 23:30 UTC is already tomorrow in Auckland: the week view must put the post on Auckland's day.
function postTomorrowInAuckland(): TSocialPost {
  const at = new Date();
  at.setUTCHours(23, 30, 0, 0);
  return {
    id: '0b6c7a36-6c3e-4a35-9a35-2b1d7c0e0001',
    groupId: '0b6c7a36-6c3e-4a35-9a35-2b1d7c0e0002',
    platform: 'facebook',
    content: 'Gutter cleaning slots open',
    hashtags: null,
    imageUrl: null,
    status: 'scheduled',
    scheduledFor: at.toISOString(),
    publishedAt: null,
    externalUrl: null,
    errorMessage: null,
    attempts: 0,
    createdAt: new Date().toISOString(),
  };
}

function renderSocial(path: string, posts: TSocialPost[], analytics: TSocialAnalytics, connected = true) {
  const list: TSocialPostList = {
    posts,
    timezone: TZ,
    platforms: (['facebook', 'instagram', 'twitter', 'linkedin'] as const).map((platform) => ({ platform, connected })),
  };
  mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/social/posts': () => json(200, list),
    '/api/social/analytics': () => json(200, analytics),
  });
  return renderApp(path);
}

describe('/social', () => {
  it("puts a post on the business's own day in the week view, with its local time", async () => {
    const post = postTomorrowInAuckland();
    renderSocial('/social?tab=calendar', [post], noAnalytics);
    fireEvent.click(await screen.findByText('Week'));
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, dateStyle: 'short' }).format(
      new Date(post.scheduledFor!),
    );
    const label = new Date(`${local}T12:00:00`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    // The post's Auckland day may fall in next week when today is Saturday there.
    const cellOf = () => document.querySelector<HTMLElement>(`[role="gridcell"][aria-label="${label}"]`);
    if (!cellOf()) fireEvent.click(screen.getByLabelText('Next week'));
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, timeStyle: 'short' }).format(
      new Date(post.scheduledFor!),
    );
    expect(within(cellOf()!).getByText(/Facebook · Gutter cleaning slots open/)).toHaveTextContent(time);
    expect(screen.getByText(`Times in ${TZ}`)).toBeInTheDocument();
    expect(todayIn(TZ) <= local).toBe(true);
  });

  it('shows Platform Performance from the synced figures, with Demo Data only for sample rows', async () => {
    const sample: TSocialAnalytics = {
      period: '30d',
      sample: true,
      lastSyncedAt: new Date().toISOString(),
      totals: { ...figures, posts: 2, likes: 1200, comments: 30, shares: 10, reach: 20000, engagementRate: 6.2 },
      platforms: [
        {
          platform: 'instagram',
          ...figures,
          posts: 2,
          likes: 1200,
          comments: 30,
          shares: 10,
          reach: 20000,
          engagementRate: 6.2,
        },
      ],
    };
    renderSocial('/social', [], sample);
    await screen.findByText('Platform Performance');
    expect(await within(document.body).findByText('6.2%')).toBeInTheDocument();
    expect(screen.getByText('1,200 likes · 30 comments · 10 shares · 20,000 reached')).toBeInTheDocument();
    expect(screen.getByText('Demo Data')).toBeInTheDocument();
  });

  it('never shows Demo Data or a made-up figure for a real business with no figures', async () => {
    renderSocial('/social', [], noAnalytics, false);
    expect(await screen.findByText(/Connect Facebook, Instagram, X or LinkedIn/)).toBeInTheDocument();
    expect(screen.queryByText('Demo Data')).not.toBeInTheDocument();
    expect(screen.queryByText(/87\.3%|2,347/)).not.toBeInTheDocument();
  });
});
