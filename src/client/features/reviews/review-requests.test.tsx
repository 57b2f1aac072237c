import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TReviewRequestList } from '@shared/schemas/review-requests';
import type { TReviewList, TReviewOverview } from '@shared/schemas/reviews';
import { resetToasts } from '@/components/ui/use-toast';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const CHOSEN: TReviewOverview = {
  business: { placeId: 'p1', name: 'Rosa Plumbing', address: '12 Main St', rating: 4.6, ratingCount: 38 },
  demo: false,
  googleConnected: false,
};
const NO_REVIEWS: TReviewList = {
  reviews: [],
  analytics: { averageRating: 4.6, totalReviewCount: 38, responseRate: null, averageResponseHours: null },
  nextOffset: null,
  liveData: true,
  demo: false,
};
const listFor = (days: number, sent: number): TReviewRequestList => ({
  requests: [
    {
      id: 'q1',
      customerName: 'Maria Lopez',
      phone: '+15125550101',
      email: null,
      trigger: 'auto',
      status: 'sent',
      reason: null,
      scheduledFor: '2026-03-02T18:00:00.000Z',
      sentAt: '2026-03-02T18:00:00.000Z',
      smsStatus: 'delivered',
      emailStatus: null,
      clicks: 1,
      createdAt: '2026-03-02T16:00:00.000Z',
    },
  ],
  funnel: { days, sent, clicked: 1, newReviews: 2 },
  settings: { autoSend: true, delayHours: 2, channel: 'sms_then_email' },
  ready: { reviewLink: true, sms: true },
  timezone: 'America/Chicago',
});

describe('review requests on /reviews', { timeout: 20_000 }, () => {
  it('shows the funnel for the chosen period and the requests with their delivery', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      'GET /api/reviews/business': () => json(200, CHOSEN),
      'GET /api/reviews': () => json(200, NO_REVIEWS),
      'GET /api/reviews/templates': () => json(200, { templates: [] }),
      'GET /api/reviews/requests': () => {
        // The first load is the default 30 days; the next, after choosing 90.
        const days = asked.length === 0 ? 30 : 90;
        asked.push(String(days));
        return json(200, listFor(days, days === 30 ? 3 : 7));
      },
    });
    renderApp('/reviews');
    // The first render loads the page's chunk, which is slow on a busy machine.
    const funnel = await screen.findByRole('list', { name: 'Review request funnel' }, { timeout: 15_000 });
    expect(await within(funnel).findByLabelText('Requests sent: 3')).toBeInTheDocument();
    expect(within(funnel).getByLabelText('Clicked: 1')).toBeInTheDocument();
    expect(within(funnel).getByText('33% of sent')).toBeInTheDocument();
    expect(within(funnel).getByLabelText('New reviews: 2')).toBeInTheDocument();
    const recent = screen.getByRole('list', { name: 'Recent review requests' });
    expect(within(recent).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(recent).getByText('Text delivered')).toBeInTheDocument();
    expect(within(recent).getByText('Link opened')).toBeInTheDocument();
    expect(screen.getByText(/^Automatic: 2 h after a lead is converted/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), '90');
    expect(await within(funnel).findByLabelText('Requests sent: 7')).toBeInTheDocument();
  });

  it('Request a review sends the customer and says when it goes out', async () => {
    const user = userEvent.setup();
    let body: unknown;
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      'GET /api/reviews/business': () => json(200, CHOSEN),
      'GET /api/reviews': () => json(200, NO_REVIEWS),
      'GET /api/reviews/templates': () => json(200, { templates: [] }),
      'GET /api/reviews/requests': () => json(200, { ...listFor(30, 0), requests: [] }),
      'POST /api/reviews/requests': (init) => {
        body = JSON.parse(String(init?.body));
        return json(201, {
          ...listFor(30, 0).requests[0],
          status: 'scheduled',
          sentAt: null,
          smsStatus: null,
          clicks: 0,
          scheduledFor: '2026-03-03T15:00:00.000Z',
        });
      },
    });
    renderApp('/reviews');
    await user.click(await screen.findByRole('button', { name: 'Request a review' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Customer name'), 'Maria Lopez');
    await user.type(within(dialog).getByLabelText('Mobile number'), '512 555 0101');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(body).toEqual({ customerName: 'Maria Lopez', phone: '512 555 0101', email: '' }));
    expect(
      await screen.findByText('Scheduled for Mar 3, 9:00 AM (texts go out between 9 am and 8 pm your time).'),
    ).toBeInTheDocument();
  });
});
