import type { App } from '#server/app.ts';

/** Completes onboarding so the generators know the trade and the towns served. */
export async function onboard(app: App, cookie: string, businessName = 'Cascade Comfort HVAC') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/onboarding',
    headers: { cookie },
    payload: {
      profile: { businessName, businessType: 'hvac', serviceArea: 'Tacoma, Puyallup and Lakewood' },
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
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}

export const call = (app: App, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
