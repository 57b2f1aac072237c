// What the benches that post to a published landing page share (bench-landing.ts, bench-push.ts).

export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One call of our API as the signed-in owner (`cookie`); throws on a non-2xx answer. */
export async function api(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { json: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/**
 * Registers an owner, tells onboarding the trade and towns, chats a page and publishes it;
 * answers its path and the owner's session cookie.
 */
export async function publishedPage(base: string): Promise<{ path: string; cookie: string }> {
  const reg = await api(base, '', 'POST', '/api/auth/register', {
    email: `bench-${Date.now()}@example.com`,
    password: 'Bench-Landing-3090!',
    firstName: 'Riley',
    lastName: 'Bench',
  });
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await api(base, cookie, 'POST', '/api/user/onboarding', {
    profile: {
      businessName: 'Cascade Comfort HVAC',
      businessType: 'hvac',
      serviceArea: 'Tacoma, Puyallup and Lakewood',
    },
    recommendations: [
      {
        title: 'Post weekly',
        description: 'Write one post a week.',
        category: 'content',
        priority: 'high',
        estimatedImpact: 'More visits',
        setupTime: '1 hour',
      },
    ],
  });
  const made = await api(base, cookie, 'POST', '/api/ai/generate-landing-page', {
    userPrompt: 'A spring tune-up offer page with 15% off',
  });
  const page = made.json.landingPage as { id: string };
  const published = await api(base, cookie, 'POST', `/api/website/landing-pages/${page.id}/publish`);
  const publicPath = published.json.publicPath;
  if (typeof publicPath !== 'string') throw new Error('the page has no public path');
  return { path: publicPath, cookie };
}

/** The form time the page's quote form carries (the lead route refuses a form filled too fast). */
export async function formTime(pageUrl: string): Promise<string> {
  const ts = /name="ts" value="([^"]+)"/.exec(await (await fetch(pageUrl)).text())?.[1];
  if (!ts) throw new Error('the page has no form time');
  return ts;
}

/** Posts the page's quote form as "Visitor {i}", each from its own address (the per-address limit). */
export async function postLead(pageUrl: string, i: number, ts: string): Promise<void> {
  const res = await fetch(`${pageUrl}/lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
    body: new URLSearchParams({
      name: `Visitor ${i}`,
      email: `visitor${i}@example.com`,
      service: 'AC tune-up',
      location: 'Tacoma',
      ts,
    }),
  });
  if (!res.ok) throw new Error(`lead ${i}: ${res.status} ${await res.text()}`);
}
