// Shared set-up for the settings and registrar tests: a small in-memory settings API that
// behaves like the real one (write-only secrets, isConfigured after a save), over mockApi.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { TAuthUser } from '@shared/schemas/auth';
import type { TSecretState, TSettings } from '@shared/schemas/settings';
import { SETTINGS_SECTIONS } from '@shared/settings';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

type Routes = Parameters<typeof mockApi>[0];

const NO_SECRET: TSecretState = { isSet: false, hint: null };
export const masked = (secret: string): TSecretState => ({ isSet: true, hint: `••••••••${secret.slice(-4)}` });

export function blankSettings(): TSettings {
  return {
    wordpress: { siteUrl: '', username: '', appPassword: NO_SECRET, isConfigured: false },
    analytics: {
      measurementId: '',
      propertyId: '',
      apiSecret: NO_SECRET,
      searchConsoleSiteUrl: '',
      isConfigured: false,
    },
    business: {
      businessName: '',
      businessAddress: '',
      businessPhone: '',
      businessEmail: '',
      businessWebsite: '',
      businessDefaultSearch: '',
      industry: '',
      timezone: 'America/New_York',
      currency: 'USD',
      isConfigured: false,
    },
    sms: {
      accountSid: '',
      authToken: NO_SECRET,
      phoneNumber: '',
      inboundWebhookUrl: 'http://localhost:3000/api/webhooks/twilio/sms',
      voiceWebhookUrl: 'http://localhost:3000/api/webhooks/twilio/voice',
      isConfigured: false,
    },
    social: {
      facebook: { appId: '', appSecret: NO_SECRET, accessToken: NO_SECRET, pageId: '', isConfigured: false },
      twitter: {
        apiKey: '',
        apiSecret: NO_SECRET,
        accessToken: NO_SECRET,
        accessTokenSecret: NO_SECRET,
        isConfigured: false,
      },
      instagram: { accessToken: NO_SECRET, businessAccountId: '', isConfigured: false },
      linkedin: {
        clientId: '',
        clientSecret: NO_SECRET,
        accessToken: NO_SECRET,
        organizationId: '',
        isConfigured: false,
      },
    },
    whiteLabel: {
      clientName: '',
      clientDomain: '',
      logoUrl: '',
      primaryColor: '#3b82f6',
      secondaryColor: '#f97316',
      contactEmail: '',
      contactPhone: '',
      isWhiteLabel: false,
      isConfigured: false,
    },
    registrar: { apiKey: NO_SECRET, apiSecret: NO_SECRET, environment: 'sandbox', isConfigured: false },
    places: { apiKey: NO_SECRET, isConfigured: false },
    turnstile: { siteKey: '', secretKey: NO_SECRET, isConfigured: false },
  };
}

/** What GET /api/conversations/settings answers for a business that never saved them. */
export const MISSED_CALL_DEFAULTS = {
  forwardTo: null,
  missedCallText: true,
  missedCallMessage: 'Sorry we missed you — how can we help?',
  hoursStart: '08:00',
  hoursEnd: '18:00',
  quietStart: '21:00',
  quietEnd: '08:00',
};

export const adminUser: TAuthUser = { ...demoUser, role: 'admin' };
export const managerUser: TAuthUser = { ...demoUser, role: 'manager' };
export const plainUser: TAuthUser = { ...demoUser, role: 'user' };

/** Merges a PUT body into a stored section the way the server does: empty secrets keep the stored one. */
function merge(stored: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...stored };
  for (const [name, value] of Object.entries(body)) {
    const current = stored[name];
    if (current && typeof current === 'object' && 'isSet' in current) {
      if (typeof value === 'string' && value) next[name] = masked(value);
    } else if (current && typeof current === 'object' && value && typeof value === 'object') {
      next[name] = merge(current as Record<string, unknown>, value as Record<string, unknown>);
    } else next[name] = value;
  }
  return next;
}

const SECTION_KEY = { 'white-label': 'whiteLabel' } as Record<string, keyof TSettings>;

/**
 * A stateful stand-in for the settings API. `routes` override or add answers
 * (e.g. 'POST /api/settings/wordpress/test').
 */
export function settingsApi(options: { user?: TAuthUser; settings?: TSettings; routes?: Routes } = {}) {
  const state = { settings: options.settings ?? blankSettings() };
  const put = (section: string) => (init: RequestInit | undefined) => {
    const key = SECTION_KEY[section] ?? (section as keyof TSettings);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    const merged = merge(state.settings[key] as unknown as Record<string, unknown>, body);
    if (key === 'social') {
      for (const platform of ['facebook', 'twitter', 'instagram', 'linkedin'] as const) {
        const p = merged[platform] as { accessToken: TSecretState; isConfigured: boolean };
        merged[platform] = { ...p, isConfigured: p.accessToken.isSet };
      }
    } else merged.isConfigured = true;
    state.settings = { ...state.settings, [key]: merged };
    return json(200, state.settings);
  };
  const del = (section: string) => () => {
    const key = SECTION_KEY[section] ?? (section as keyof TSettings);
    state.settings = { ...state.settings, [key]: blankSettings()[key] };
    return json(200, state.settings);
  };
  const fetchMock = mockApi({
    '/api/auth/user': () => json(200, options.user ?? adminUser),
    'GET /api/settings': () => json(200, state.settings),
    'POST /api/events': () => json(202, {}),
    'GET /api/conversations/settings': () => json(200, MISSED_CALL_DEFAULTS),
    'GET /api/branding': () =>
      json(200, { name: null, logoUrl: null, primaryColor: '#3b82f6', secondaryColor: '#f97316' }),
    ...Object.fromEntries(
      SETTINGS_SECTIONS.flatMap((s) => [
        [`PUT /api/settings/${s}`, put(s)],
        [`DELETE /api/settings/${s}`, del(s)],
      ]),
    ),
    ...options.routes,
  });
  return { fetchMock, state };
}

/** Opens /settings?tab=… and waits for the tab's card. */
export async function openSettings(tab: string, cardTitle: string, options: Parameters<typeof settingsApi>[0] = {}) {
  const api = settingsApi(options);
  const app = renderApp(`/settings?tab=${tab}`);
  const card = await screen.findByRole('region', { name: cardTitle });
  return { ...api, app, card, inCard: within(card) };
}

/** The JSON body of the last call to `call`, e.g. 'PUT /api/settings/wordpress'. */
export function lastBody(fetchMock: ReturnType<typeof mockApi>, call: string): unknown {
  const index = calledPaths(fetchMock).lastIndexOf(call);
  if (index < 0) throw new Error(`${call} was not called`);
  return JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));
}

/** Names of the analytics events sent. */
export function eventsSent(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .filter((_, i) => calledPaths(fetchMock)[i] === 'POST /api/events')
    .map(([, init]) => (JSON.parse(String(init?.body)) as { name: string }).name);
}

/** The open toast whose title is `title` (its whole text is then checked with toHaveTextContent). */
export async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /notifications/i });
  const heading = await within(region).findByText(title);
  return heading.closest('li') ?? heading;
}

/** Replaces an input's text the quick way (typing key by key is slow under jsdom). */
export async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  if (text) await user.paste(text);
}

/** Typing through whole forms under jsdom takes a few seconds. */
export const FORM_TEST = { timeout: 20_000 };
