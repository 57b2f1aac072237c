// Shared set-up for the leads screen tests: API answers shaped by the shared contract.
import { screen } from '@testing-library/react';
import type { TLead, TLeadPage, TLeadScoreAnalytics, TLeadSummary } from '@shared/schemas/leads';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

type Routes = Parameters<typeof mockApi>[0];

let counter = 0;

export function makeLead(overrides: Partial<TLead> = {}): TLead {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    name: 'Maria Lopez',
    email: 'maria@example.com',
    phone: '(512) 555-0142',
    service: 'AC installation',
    location: 'Austin, TX',
    priority: 'high',
    status: 'new',
    leadScore: 82,
    urgencyScore: 90,
    conversionProbability: 46.5,
    predictedValue: 8500,
    jobValue: null,
    source: 'manual',
    sourcePage: null,
    sourceKeyword: null,
    engagementLevel: 'high',
    aiRecommendations: [],
    scoreFactors: [
      { label: 'Emergency request', points: 18 },
      { label: 'Installation job', points: 12 },
      { label: 'No reply yet', points: -4 },
      { label: 'Email given', points: 2 },
    ],
    scoreModel: 'priors',
    lastContactedAt: null,
    nextFollowUpAt: null,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const SUMMARY: TLeadSummary = { total: 120, new: 30, qualified: 25, converted: 18, conversionRate: 15 };
const SCORES: TLeadScoreAnalytics = {
  avgLeadScore: 61.6,
  avgUrgencyScore: 54.2,
  avgConversionProbability: 27.8,
  totalPredictedValue: 1234567.89,
};

export function page(leads: TLead[], nextCursor: string | null = null): TLeadPage {
  return { leads, nextCursor };
}

/** A signed-in owner on /leads with these leads; `routes` adds or replaces answers. */
export async function openLeads(leads: TLead[], routes: Routes = {}) {
  const fetchMock = mockApi({
    '/api/auth/user': () => json(200, demoUser),
    'GET /api/leads': () => json(200, page(leads)),
    'GET /api/leads/summary': () => json(200, SUMMARY),
    'GET /api/leads/analytics/scores': () => json(200, SCORES),
    'POST /api/events': () => json(202, {}),
    ...routes,
  });
  const app = renderApp('/leads');
  await screen.findByRole('heading', { level: 1, name: 'Leads' });
  return { app, fetchMock };
}

/** Full URLs the mock was called with for "METHOD /path", in order. */
export function calledUrls(fetchMock: ReturnType<typeof mockApi>, call: string): string[] {
  const paths = calledPaths(fetchMock);
  return fetchMock.mock.calls.filter((_, i) => paths[i] === call).map(([input]) => String(input));
}

export function bodyOf(fetchMock: ReturnType<typeof mockApi>, call: string): unknown {
  const index = calledPaths(fetchMock).lastIndexOf(call);
  return JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));
}

/** Radix Toast asks for pointer capture, which jsdom lacks. */
export function polyfillPointerCapture() {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
}
