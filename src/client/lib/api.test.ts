import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test-utils/render-app';
import { ApiError, apiFetch, apiStream, getQueryFn } from './api';
import { fetchEarly } from './early-fetch';

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

describe('early answers', () => {
  it('a change drops the early answers of its area, so a GET after it asks again; other areas keep theirs', async () => {
    let chosen = false;
    const fetchMock = mockApi({
      'GET /api/reviews': () => json(200, { chosen }),
      'GET /api/jobs': () => json(200, { jobs: [] }),
      'POST /api/reviews/business': () => {
        chosen = true;
        return json(200, {});
      },
    });
    fetchEarly('/api/reviews?replied=all');
    fetchEarly('/api/jobs');
    await apiFetch('/api/reviews/business', { method: 'POST', body: { placeId: 'p1' } });

    expect(await apiFetch('/api/reviews?replied=all')).toEqual({ chosen: true });
    expect(await apiFetch('/api/jobs')).toEqual({ jobs: [] });
    // The jobs' early answer was taken; the reviews' list was asked again after the change.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/reviews?replied=all',
      '/api/jobs',
      '/api/reviews/business',
      '/api/reviews?replied=all',
    ]);
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

describe('apiStream', () => {
  const ndjson = (lines: object[], splitAt = 7) => {
    // Lines cut into arbitrary pieces, as the network delivers them.
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += splitAt) controller.enqueue(bytes.slice(i, i + splitAt));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  };

  it('hands over the text as it is written and resolves with the final answer', async () => {
    mockApi({
      'POST /api/ai/generate-blog': () =>
        ndjson([
          { type: 'delta', text: 'Title: Furn' },
          { type: 'delta', text: 'ace “tips”' },
          { type: 'done', result: { title: 'Furnace “tips”' } },
        ]),
    });
    const seen: string[] = [];
    const result = await apiStream<{ title: string }>('/api/ai/generate-blog', {
      body: { topic: 'x' },
      onDelta: (t) => seen.push(t),
      fallbackMessage: 'Failed',
    });
    expect(seen.join('')).toBe('Title: Furnace “tips”');
    expect(result).toEqual({ title: 'Furnace “tips”' });
  });

  it("throws the server's message for a refused call and for a stream that ends in an error or is cut off", async () => {
    mockApi({ 'POST /api/a': () => json(400, { message: 'Please enter a topic' }) });
    const opts = { body: {}, onDelta: () => undefined, fallbackMessage: 'Failed' };
    await expect(apiStream('/api/a', opts)).rejects.toMatchObject({ status: 400, message: 'Please enter a topic' });
    mockApi({
      'POST /api/b': () =>
        ndjson([
          { type: 'delta', text: 'a' },
          { type: 'error', message: 'Broke' },
        ]),
    });
    await expect(apiStream('/api/b', opts)).rejects.toMatchObject({ message: 'Broke' });
    mockApi({ 'POST /api/c': () => ndjson([{ type: 'delta', text: 'a' }]) });
    await expect(apiStream('/api/c', opts)).rejects.toMatchObject({ message: 'Failed' });
  });
});
