// The API description's errors: each operation lists the error statuses it can answer, all with
// the one `ApiError` body, read off the route (tests/api/fuzz and tenant-sweep hold every answer
// they get to it).
import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

type Responses = Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
interface Doc {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components: { schemas: Record<string, { properties: object; required: string[]; additionalProperties: boolean }> };
}

async function doc(): Promise<Doc> {
  return (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
}
const statuses = (d: Doc, method: string, path: string) => Object.keys(d.paths[path]![method]!.responses);

describe('/api/openapi.json errors', () => {
  it('describes the one error body once, as ApiError, and every error answer refers to it', async () => {
    const d = await doc();
    const error = d.components.schemas.ApiError!;
    expect(Object.keys(error.properties)).toEqual(['message', 'code', 'fields', 'requestId']);
    expect(error.required).toEqual(['message', 'code']);
    expect(error.additionalProperties).toBe(false);
    expect(Object.keys(d.components.schemas)).toEqual(['ApiError']);
    let errors = 0;
    // The health check's 503 is its own report (database unreachable), not an error.
    const { '/api/health': _health, ...paths } = d.paths;
    for (const item of Object.values(paths))
      for (const op of Object.values(item))
        for (const [status, response] of Object.entries(op.responses))
          if (Number(status) >= 400) {
            errors++;
            expect(response.content).toEqual({
              'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
            });
          }
    expect(errors).toBeGreaterThan(500);
  });

  it("lists what each route can answer, from its body, input, guard, ids, limits and its service's errors", async () => {
    const d = await doc();
    // Signed-in, with a body: validation, not signed in, another website, too large, not JSON.
    expect(statuses(d, 'post', '/api/leads')).toEqual(['201', '400', '401', '403', '413', '415']);
    expect(d.paths['/api/leads']!.post!.responses['400']!.description).toMatch(/`fields`/);
    // A read any member may make: its query can fail validation; no 403, nothing to find.
    expect(statuses(d, 'get', '/api/leads')).toEqual(['200', '400', '401']);
    expect(statuses(d, 'get', '/api/website/blog-posts/{id}')).toEqual(['200', '400', '401', '404']);
    // A task's body names a lead or a review: a 404 without an id in the path.
    expect(statuses(d, 'post', '/api/tasks')).toContain('404');
    // An admin's call (403) whose service declares the plan's seats, the mail limit and conflicts.
    expect(statuses(d, 'post', '/api/team/invitations')).toEqual(expect.arrayContaining(['402', '403', '409', '429']));
    expect(statuses(d, 'get', '/api/analytics/metrics')).toEqual(['200', '400', '401', '409', '429', '503']);
    expect(statuses(d, 'post', '/api/billing/portal')).toEqual(expect.arrayContaining(['403', '409', '502', '503']));
  });

  it('describes answers that are not JSON by their type, and empty ones without a body', async () => {
    const d = await doc();
    expect(Object.keys(d.paths['/api/social/export.csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(d.paths['/api/analytics/reports/{id}/pdf']!.get!.responses['200']!.content!)).toEqual([
      'application/pdf',
    ]);
    expect(d.paths['/api/team/members/{userId}']!.delete!.responses['204']!.content).toBeUndefined();
    expect(statuses(d, 'get', '/api/login')).toEqual(['302']);
  });
});

describe('answers the router gives before a route matches', () => {
  it('are in the one error shape: a broken escape is a 400, an over-long path part a 404', async () => {
    const owner = await signUp(t.app);
    const headers = { cookie: owner.cookie };
    const broken = await t.app.inject({ method: 'GET', url: '/api/leads/%ED%A0%80', headers });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: expect.stringMatching(/not valid/), code: 'bad_request' });
    const long = await t.app.inject({ method: 'GET', url: `/api/leads/${'x'.repeat(200)}`, headers });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: expect.any(String), code: 'not_found' });
  });
});
