import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/setup/test-app.ts';

// Security review, finding 1: one public request must not be able to hold the event loop.
const t = useTestApp();

const profile = { businessName: 'Clearwater Plumbing', businessType: 'plumbing', hasWebsite: true };
/** A website address that made the old pattern backtrack quadratically: many dots, then a space. */
const hostileUrl = (length: number) => `a${'.a'.repeat(length / 2)} x`;

async function post(payload: unknown, ip: string) {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ai/generate-onboarding-plan',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { res, ms: performance.now() - started };
}

describe('the public onboarding plan under hostile input', () => {
  it('refuses a 12 KB website address with the length message in milliseconds', async () => {
    const { res, ms } = await post({ ...profile, websiteUrl: hostileUrl(12_000) }, '10.77.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ websiteUrl: 'Please use at most 300 characters' });
    expect(ms).toBeLessThan(300);
  });

  it('refuses a body over the public limit with a 413 before parsing it', async () => {
    const big = JSON.stringify({ ...profile, hasWebsite: false, serviceArea: 'x'.repeat(200_000) });
    const { res, ms } = await post(big, '10.77.0.2');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large.');
    expect(ms).toBeLessThan(300);
  });

  it('counts the per-address limit before validation, so invalid bodies are limited too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post({ businessName: '' }, '10.77.0.3')).res.statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('a 1 MB body is answered at once', async () => {
    const oneMb = JSON.stringify({ ...profile, websiteUrl: hostileUrl(1_000_000) });
    expect(oneMb.length).toBeGreaterThan(1_000_000);
    const { res, ms } = await post(oneMb, '10.77.0.4');
    expect(res.statusCode).toBe(413);
    console.info(`1 MB body to POST /api/ai/generate-onboarding-plan: ${res.statusCode} in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(300);
  });
});
