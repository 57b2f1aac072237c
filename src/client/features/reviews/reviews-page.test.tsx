import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TReview, TReviewList, TReviewOverview } from '@shared/schemas/reviews';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { findToast } from '@/test-utils/settings-test-kit';

beforeAll(() => {
  // Radix Toast asks for pointer capture, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const admin = { ...demoUser, role: 'admin' as const };
const NONE: TReviewOverview = { business: null, demo: false, googleConnected: false };
const CHOSEN: TReviewOverview = {
  business: { placeId: 'p1', name: 'Rosa Plumbing', address: '12 Main St', rating: 4.6, ratingCount: 38 },
  demo: false,
  googleConnected: false,
};
const review = (over: Partial<TReview>): TReview => ({
  id: 'r1',
  reviewerName: 'Jane Doe',
  reviewerPhotoUrl: null,
  rating: 5,
  comment: 'Fixed the water heater.',
  createTime: '2026-02-11T18:04:51.000Z',
  platform: 'google_places',
  reviewUrl: 'https://maps.google.com/?cid=1',
  draft: null,
  replyText: null,
  repliedAt: null,
  flagged: false,
  followUpResolvedAt: null,
  canPost: false,
  ...over,
});
const LIST: TReviewList = {
  reviews: [review({}), review({ id: 'r2', reviewerName: 'Sam Reed', rating: 3, comment: 'Late again.' })],
  analytics: { averageRating: 4.6, totalReviewCount: 38, responseRate: 0, averageResponseHours: null },
  nextOffset: null,
  liveData: true,
  demo: false,
};

describe('/reviews', { timeout: 20_000 }, () => {
  it('a blank search does nothing; Enter searches, shows Searching... and the results to one decimal', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, NONE),
      'GET /api/places/search': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/reviews');
    const input = await screen.findByLabelText('Business name');
    await user.type(input, '   {Enter}');
    expect(calledPaths(fetchMock)).not.toContain('GET /api/places/search');
    await user.clear(input);
    await user.type(input, 'rosa{Enter}');
    expect(await screen.findByRole('button', { name: 'Searching...' })).toBeDisabled();
    answer(
      json(200, {
        demo: false,
        results: [
          {
            place_id: 'p1',
            name: 'Rosa Plumbing',
            formatted_address: '12 Main St',
            rating: 4.57,
            user_ratings_total: 38,
          },
        ],
      }),
    );
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Rosa Plumbing')).toBeInTheDocument();
    expect(within(results).getByText('4.6', { exact: false })).toBeInTheDocument();
    expect(within(results).getByText('(38 reviews)')).toBeInTheDocument();
  });

  it('a failed search shows the server message and the configuration hint', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, NONE),
      'GET /api/places/search': () =>
        json(400, { message: 'Google Places refused the request. Check the Places API key.' }),
    });
    renderApp('/reviews');
    await user.click(await screen.findByRole('button', { name: 'Try Demo Search' }));
    expect(await screen.findByLabelText('Business name')).toHaveValue('plumbing near me');
    expect(
      await screen.findByText('Unable to search businesses. Check your Google Places API configuration.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Google Places refused the request. Check the Places API key.')).toBeInTheDocument();
  });

  it('a chosen business opens on its reviews; only 3 stars or fewer can be flagged; without a connection Copy replaces Post', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, CHOSEN),
      'GET /api/reviews': () => json(200, LIST),
      'GET /api/reviews/templates': () => json(200, { templates: [] }),
      'POST /api/reviews/generate-response': () =>
        json(200, { response: 'Thank you for the 5-star review, Jane!', source: 'offline' }),
    });
    renderApp('/reviews');
    expect(await screen.findByRole('heading', { name: 'Rosa Plumbing' })).toBeInTheDocument();
    expect(await screen.findByText('live data')).toBeInTheDocument();
    const jane = await screen.findByRole('article', { name: 'Review from Jane Doe' });
    const sam = screen.getByRole('article', { name: 'Review from Sam Reed' });
    expect(within(jane).queryByRole('button', { name: 'Flag for Follow-up' })).not.toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Flag for Follow-up' })).toBeInTheDocument();
    expect(within(jane).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();

    await user.click(within(jane).getByRole('button', { name: 'Generate Response' }));
    expect(await within(jane).findByText('Thank you for the 5-star review, Jane!')).toBeInTheDocument();
    expect(await screen.findByText('Response Generated')).toBeInTheDocument();
    expect(screen.getByText('AI-native response ready for review')).toBeInTheDocument();
    expect(within(jane).queryByRole('button', { name: 'Post Response' })).not.toBeInTheDocument();
    expect(within(jane).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(jane).getByRole('link', { name: 'Reply on Google' })).toHaveAttribute(
      'href',
      'https://maps.google.com/?cid=1',
    );
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('POST /api/reviews/generate-response'));
  });

  it("'Use template' fills the reply with the reviewer's first name and the business, without generating", async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, CHOSEN),
      'GET /api/reviews': () => json(200, LIST),
      'GET /api/reviews/templates': () =>
        json(200, {
          templates: [
            { id: 't1', name: 'Thanks', body: 'Thanks {name}! — {business}', createdAt: '2026-02-01T00:00:00.000Z' },
          ],
        }),
    });
    renderApp('/reviews');
    const sam = await screen.findByRole('article', { name: 'Review from Sam Reed' });
    expect(within(sam).queryByText('Your response')).not.toBeInTheDocument();
    await user.selectOptions(await within(sam).findByRole('combobox', { name: 'Use template' }), 'Thanks');
    expect(within(sam).getByText('Thanks Sam! — Rosa Plumbing')).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/reviews/generate-response');
  });

  it('Load more fetches the next page of reviews and adds it to the list', async () => {
    const user = userEvent.setup();
    const pages = [
      { ...LIST, nextOffset: 2 },
      { ...LIST, reviews: [review({ id: 'r3', reviewerName: 'Lee Park', rating: 4 })], nextOffset: null },
    ];
    let served = 0;
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, CHOSEN),
      'GET /api/reviews': () => json(200, pages[served++]),
      'GET /api/reviews/templates': () => json(200, { templates: [] }),
    });
    renderApp('/reviews');
    await screen.findByRole('article', { name: 'Review from Sam Reed' });
    expect(screen.queryByRole('article', { name: 'Review from Lee Park' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Review from Lee Park' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Review from Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/reviews?'));
    expect(urls.at(-1)).toContain('offset=2');
    expect(within(screen.getByText('Reviews Loaded').closest('div')!).getByText('3')).toBeInTheDocument();
  });

  it('without a Places key: the Demo Data badge and the notice naming both keys', async () => {
    mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, { ...NONE, demo: true }),
    });
    renderApp('/reviews');
    expect(await screen.findByText('Demo Data')).toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('GOOGLE_PLACES_API_KEY setting must be set in the environment');
    expect(note).toHaveTextContent("your business's own Places API key in Settings → Business");
  });

  it("a search with no match says 'No Results'", async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, NONE),
      'GET /api/places/search': () => json(200, { demo: false, results: [] }),
    });
    renderApp('/reviews');
    await user.type(await screen.findByLabelText('Business name'), 'nowhere plumbing{Enter}');
    expect(await findToast('No Results')).toHaveTextContent('No businesses found. Try adjusting your search terms.');
  });

  it('a flagged review shows whether its follow-up is resolved', async () => {
    mockApi({
      '/api/auth/user': () => json(200, admin),
      'GET /api/reviews/business': () => json(200, CHOSEN),
      'GET /api/reviews': () =>
        json(200, {
          ...LIST,
          reviews: [
            review({ id: 'r1', reviewerName: 'Sam Reed', rating: 2, flagged: true }),
            review({
              id: 'r2',
              reviewerName: 'Dana White',
              rating: 3,
              flagged: true,
              followUpResolvedAt: '2026-02-14T10:00:00.000Z',
            }),
          ],
        }),
      'GET /api/reviews/templates': () => json(200, { templates: [] }),
    });
    renderApp('/reviews');
    const sam = await screen.findByRole('article', { name: 'Review from Sam Reed' });
    const dana = screen.getByRole('article', { name: 'Review from Dana White' });
    expect(within(sam).getByText('Flagged for follow-up')).toBeInTheDocument();
    expect(within(sam).queryByRole('button', { name: 'Flag for Follow-up' })).not.toBeInTheDocument();
    // The day is in its own <time> (DeviceTime: the device's zone, once hydrated).
    expect(within(dana).getByText(/^Follow-up resolved/)).toHaveTextContent('Follow-up resolved Feb 14, 2026');
    expect(within(dana).queryByText('Flagged for follow-up')).not.toBeInTheDocument();
  });
});
