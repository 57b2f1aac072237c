import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TSocialPost, TSocialPostList } from '@shared/schemas/social';
import type { TSocialAnalytics } from '@shared/schemas/social-analytics';
import { isoToZoned, zonedToIso } from '@shared/zoned-time';
import { longDate, todayIn } from './wizard-schedule';
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
  followers: null,
  followersChange: null,
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

type Routes = Parameters<typeof mockApi>[0];

function renderSocial(
  path: string,
  posts: TSocialPost[],
  analytics: TSocialAnalytics,
  connected = true,
  routes: Routes = {},
) {
  const list: TSocialPostList = {
    posts,
    timezone: TZ,
    platforms: (['facebook', 'instagram', 'twitter', 'linkedin'] as const).map((platform) => ({ platform, connected })),
  };
  mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/social/posts': () => json(200, list),
    '/api/social/analytics': () => json(200, analytics),
    ...routes,
  });
  return renderApp(path);
}

/** Answers POST /api/social/posts and keeps the body it was sent. */
function capturePost() {
  const sent: { body?: Record<string, unknown> } = {};
  const route: Routes = {
    'POST /api/social/posts': (init) => {
      sent.body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(201, { posts: [] });
    },
  };
  return { sent, route };
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
      totals: {
        ...figures,
        posts: 2,
        likes: 1200,
        comments: 30,
        shares: 10,
        reach: 20000,
        engagementRate: 6.2,
        followers: 1930,
        followersChange: 27,
      },
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
          followers: 830,
          followersChange: 30,
        },
        { platform: 'linkedin', ...figures, followers: 1100, followersChange: -3 },
      ],
    };
    renderSocial('/social', [], sample);
    await screen.findByText('Platform Performance');
    expect(await within(document.body).findByText('6.2%')).toBeInTheDocument();
    expect(screen.getByText('1,200 likes · 30 comments · 10 shares · 20,000 reached')).toBeInTheDocument();
    expect(screen.getByText('Demo Data')).toBeInTheDocument();
    // Followers per platform with the change over the period, and their total in Performance Overview.
    expect(screen.getByText(/^830 followers/)).toHaveTextContent('830 followers (+30 in 30 days)');
    expect(screen.getByText(/^1,100 followers/)).toHaveTextContent('1,100 followers (−3 in 30 days)');
    expect(screen.getByText('No published posts in this period.')).toBeInTheDocument();
    expect(screen.getByText('1,930')).toBeInTheDocument();
    expect(screen.getByText('+27 new followers in 30 days')).toBeInTheDocument();
  });

  it('never shows Demo Data or a made-up figure for a real business with no figures', async () => {
    renderSocial('/social', [], noAnalytics, false);
    expect(await screen.findByText(/Connect Facebook, Instagram, X or LinkedIn/)).toBeInTheDocument();
    expect(screen.queryByText('Demo Data')).not.toBeInTheDocument();
    expect(screen.queryByText(/87\.3%|2,347/)).not.toBeInTheDocument();
  });

  it('Quick Post attaches an uploaded image, and offers Instagram only once there is one', async () => {
    const list: TSocialPostList = {
      posts: [],
      timezone: TZ,
      platforms: (['facebook', 'instagram', 'twitter', 'linkedin'] as const).map((platform) => ({
        platform,
        connected: true,
      })),
    };
    const image = { url: 'http://localhost/api/social/images/abc123', mimeType: 'image/jpeg', size: 1024 };
    let created: unknown;
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      '/api/social/posts': () => json(200, list),
      '/api/social/analytics': () => json(200, noAnalytics),
      'POST /api/social/images': () => json(201, image),
      'POST /api/social/posts': (init) => {
        created = JSON.parse(String(init?.body));
        return json(201, []);
      },
    });
    renderApp('/social?tab=quick');
    await screen.findByLabelText('Post');
    expect(screen.queryByRole('checkbox', { name: 'Instagram' })).not.toBeInTheDocument();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'van.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Upload an image'), { target: { files: [file] } });
    expect(await screen.findByAltText('Attached to the post')).toHaveAttribute('src', image.url);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Instagram' }));
    fireEvent.change(screen.getByLabelText('Post'), { target: { value: 'New vans on the road' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post now' }));
    await vi.waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({
      now: true,
      imageUrl: image.url,
      targets: [{ platform: 'instagram', content: 'New vans on the road' }],
    });
  });

  it('fills the wizard as the AI drafts stream in, then puts the final drafts in their place', async () => {
    const list: TSocialPostList = {
      posts: [],
      timezone: TZ,
      platforms: (['facebook', 'instagram', 'twitter', 'linkedin'] as const).map((platform) => ({
        platform,
        connected: true,
      })),
    };
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) });
    const send = (line: unknown) => stream.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      '/api/social/posts': () => json(200, list),
      '/api/social/analytics': () => json(200, noAnalytics),
      'POST /api/social/generate': () =>
        new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    });
    renderApp('/social');
    fireEvent.change(await screen.findByLabelText('Topic'), { target: { value: 'Spring AC tune-up' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    send({ type: 'delta', text: 'Post: Spring tune-ups are open.\n\n## Face' });
    expect(await screen.findByLabelText('Post content')).toHaveValue('Spring tune-ups are open.');
    send({ type: 'delta', text: 'book\nBook your AC check' });
    const facebook = await screen.findByLabelText('Customized content for Facebook');
    await vi.waitFor(() => expect(facebook).toHaveValue('Book your AC check'));
    expect(screen.getByText('Writing your drafts…')).toBeInTheDocument();
    send({
      type: 'done',
      result: {
        content: 'Spring tune-ups are open now.',
        drafts: [{ platform: 'facebook', content: 'Book your AC check today.', hashtags: '#HVAC' }],
        source: 'ai',
        limit: 50,
      },
    });
    stream.close();
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Customized content for Facebook')).toHaveValue('Book your AC check today.'),
    );
    expect(screen.getByLabelText('Post content')).toHaveValue('Spring tune-ups are open now.');
    expect(screen.getByLabelText('Hashtags')).toHaveValue('#HVAC');
    expect(screen.queryByText('Writing your drafts…')).not.toBeInTheDocument();
    expect(screen.getByText(/Your plan includes 50 AI posts a month/)).toBeInTheDocument();
  });

  it('the review step says which platforms are not connected and go to the sandbox', async () => {
    renderSocial('/social', [], noAnalytics, false);
    fireEvent.click(await screen.findByRole('button', { name: /^Facebook/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByLabelText('Post content'), { target: { value: 'Spring tune-ups are open.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('gridcell', { name: longDate(todayIn(TZ)) }));
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '23:59' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const preview = screen.getByRole('article', { name: 'Facebook preview' });
    expect(within(preview).getByText('Not connected — goes to the sandbox.')).toBeInTheDocument();
  });

  it("Retry of a failed post for a network that is not connected says the spec's 'Platform Not Configured'", async () => {
    const failed: TSocialPost = {
      ...postTomorrowInAuckland(),
      platform: 'twitter',
      status: 'failed',
      errorMessage: 'X refused the post.',
    };
    renderSocial('/social', [failed], noAnalytics, false, {
      [`POST /api/social/posts/${failed.id}/retry`]: () =>
        json(400, { message: 'Please configure Twitter/X in Settings first.' }),
    });
    expect(await screen.findByText('X refused the post.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Platform Not Configured')).toBeInTheDocument();
    expect(screen.getByText('Please configure Twitter/X in Settings first.')).toBeInTheDocument();
  });

  it('a platform over its limit is left out with the reason; Schedule Posts still schedules the others', async () => {
    const { sent, route } = capturePost();
    renderSocial('/social', [], noAnalytics, true, route);
    fireEvent.click(await screen.findByRole('button', { name: /^Facebook/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Twitter\/X/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const long = 'Spring tune-ups are open. '.repeat(12).trim();
    fireEvent.change(screen.getByLabelText('Post content'), { target: { value: long } });
    const reason = `Twitter/X allows 280 characters; this post has ${long.length}.`;
    expect(screen.getByText(`Not posted to Twitter/X: ${reason}`)).toBeInTheDocument();
    expect(screen.getByText(`${long.length} / 280 characters`)).toHaveClass('text-red-600');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const today = todayIn(TZ);
    fireEvent.click(screen.getByRole('gridcell', { name: longDate(today) }));
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '23:59' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`Not posted to Twitter/X: ${reason}`);
    expect(within(screen.getByRole('article', { name: 'Twitter/X preview' })).getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText('Not connected — goes to the sandbox.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Posts' }));

    await vi.waitFor(() => expect(sent.body).toBeDefined());
    expect(sent.body).toEqual({
      content: long,
      targets: [{ platform: 'facebook', content: long }],
      scheduledFor: zonedToIso(today, '23:59', TZ),
    });
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
  });

  it('opens a scheduled post from its calendar chip to edit it, and cancels it from there', async () => {
    const post = postTomorrowInAuckland();
    let patched: unknown;
    let cancelled = false;
    renderSocial('/social?tab=calendar', [post], noAnalytics, true, {
      [`PATCH /api/social/posts/${post.id}`]: (init) => {
        patched = JSON.parse(String(init?.body));
        return json(200, post);
      },
      [`DELETE /api/social/posts/${post.id}`]: () => {
        cancelled = true;
        return json(200, { ...post, status: 'cancelled' });
      },
    });
    const chip = await screen.findByTitle('Facebook · scheduled · Gutter cleaning slots open');
    fireEvent.click(chip);
    let dialog = await screen.findByRole('dialog', { name: 'Edit Facebook post' });
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Two gutter slots left' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '10:15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patched).toEqual({
      content: 'Two gutter slots left',
      hashtags: '',
      scheduledFor: zonedToIso(isoToZoned(post.scheduledFor!, TZ).date, '10:15', TZ),
    });

    fireEvent.click(screen.getByTitle('Facebook · scheduled · Gutter cleaning slots open'));
    dialog = await screen.findByRole('dialog', { name: 'Edit Facebook post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel post' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toBe(true);
  });

  it('a "post failed" push opens /social on that post: scrolled to, marked and focused, with its reason and Retry', async () => {
    const other = postTomorrowInAuckland();
    const failed: TSocialPost = {
      ...postTomorrowInAuckland(),
      id: '0b6c7a36-6c3e-4a35-9a35-2b1d7c0e0003',
      platform: 'twitter',
      status: 'failed',
      errorMessage: 'X refused this post: duplicate content.',
    };
    // jsdom has no scrollIntoView (the page calls it only where there is one): this one records its element.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderSocial(`/social?post=${failed.id}`, [other, failed], noAnalytics);
    const row = await screen.findByRole('listitem', { name: 'Twitter/X post you were notified about' });
    await vi.waitFor(() => expect(row).toHaveFocus());
    expect(scrolled).toContain(row);
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(within(row).getByText('X refused this post: duplicate content.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getAllByTestId('social-post').filter((li) => li.hasAttribute('aria-current'))).toEqual([row]);
  });

  it('Quick Post schedules for later at the chosen day and time in the business zone', async () => {
    const { sent, route } = capturePost();
    renderSocial('/social?tab=quick', [], noAnalytics, true, route);
    fireEvent.change(await screen.findByLabelText('Post'), { target: { value: 'Furnace checks this week' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeDisabled();
    const today = todayIn(TZ);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: today } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '23:45' } });
    fireEvent.click(schedule);
    await vi.waitFor(() => expect(sent.body).toBeDefined());
    expect(sent.body).toEqual({
      content: 'Furnace checks this week',
      targets: [{ platform: 'linkedin', content: 'Furnace checks this week' }],
      scheduledFor: zonedToIso(today, '23:45', TZ),
    });
    expect(await screen.findByText('Posts Scheduled')).toBeInTheDocument();
  });
});
