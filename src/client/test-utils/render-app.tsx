import { configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { TAuthUser } from '@shared/schemas/auth';
import { App } from '@/app/app';
import { createQueryClient } from '@/lib/query-client';

// Route chunks are lazy: the first import of a page can take a moment under the test transform.
configure({ asyncUtilTimeout: 5000 });

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs global fetch with a tiny router keyed by "METHOD /path" or "/path".
 * Unknown paths answer 404 with a JSON message.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${path}`] ?? routes[path];
    if (!handler) return json(404, { message: `No mock for ${method} ${path}` });
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Paths the mock was called with, e.g. ['GET /api/auth/user']. */
export function calledPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
  });
}

/** The whole app at `path` with an in-memory location, for a test that renders it more than once. */
export function appAt(path: string, queryClient = createQueryClient()) {
  return <App queryClient={queryClient} locationHook={memoryLocation({ path }).hook} />;
}

/** Renders the whole app at `path` with an in-memory location and a fresh query client. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const utils = render(<App queryClient={queryClient} locationHook={location.hook} />);
  return { ...utils, location, queryClient, currentPath: () => location.history.at(-1) ?? path };
}

/** A signed-in user as GET /api/auth/user answers it. */
export const demoUser: TAuthUser = {
  id: 'u1',
  email: 'dana@brooksheating.example',
  firstName: 'Dana',
  lastName: 'Brooks',
  role: 'user',
  emailVerified: true,
  createdAt: '2024-03-05T14:00:00.000Z',
  lastLogin: '2026-11-20T09:30:00.000Z',
  tenantMemberships: [{ id: 'm1', role: 'admin', tenant: { name: 'Brooks Heating & Air', slug: 'brooks-heating' } }],
};
