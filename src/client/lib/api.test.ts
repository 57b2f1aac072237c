import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test-utils/render-app';
import { ApiError, apiFetch, getQueryFn } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends cookies and JSON and returns the parsed answer', async () => {
    const fetchMock = mockApi({ 'PUT /api/auth/profile': () => json(200, { firstName: 'Dana' }) });
    const result = await apiFetch<{ firstName: string }>('/api/auth/profile', {
      method: 'PUT',
      body: { firstName: 'Dana', lastName: 'Brooks' },
    });

    expect(result).toEqual({ firstName: 'Dana' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ firstName: 'Dana', lastName: 'Brooks' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws an ApiError carrying the server's message field", async () => {
    mockApi({
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    });
    const error = await apiFetch('/api/auth/login', {
      method: 'POST',
      body: {},
      fallbackMessage: 'Login failed',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Invalid email or password', status: 401, code: 'UNAUTHORIZED' });
  });

  it('falls back to the given message when the answer has none', async () => {
    mockApi({ 'POST /api/auth/logout': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(apiFetch('/api/auth/logout', { method: 'POST', fallbackMessage: 'Logout failed' })).rejects.toThrow(
      'Logout failed',
    );
  });

  it('reports a network failure with the fallback message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(
      apiFetch('/api/auth/refresh', { method: 'POST', fallbackMessage: 'Token refresh failed' }),
    ).rejects.toThrow('Token refresh failed');
  });
});

describe('getQueryFn', () => {
  it('GETs with cookies and throws "{status}: {body text}" on a non-OK answer', async () => {
    const fetchMock = mockApi({
      '/api/auth/user': () => new Response('{"message":"Not authenticated"}', { status: 401 }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    await expect(client.fetchQuery({ queryKey: ['user'], queryFn: getQueryFn('/api/auth/user') })).rejects.toThrow(
      '401: {"message":"Not authenticated"}',
    );
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it('answers null for a 401 when asked to', async () => {
    mockApi({ '/api/auth/user': () => json(401, { message: 'Not authenticated' }) });
    const client = new QueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['u'], queryFn: getQueryFn('/api/auth/user', { on401: 'returnNull' }) }),
    ).resolves.toBeNull();
  });

  it('returns the JSON answer', async () => {
    mockApi({ '/api/dev/status': () => json(200, { env: 'test' }) });
    const client = new QueryClient();
    await expect(client.fetchQuery({ queryKey: ['s'], queryFn: getQueryFn('/api/dev/status') })).resolves.toEqual({
      env: 'test',
    });
  });
});
