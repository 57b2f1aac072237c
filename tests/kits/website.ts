import type { App } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { createMailer } from '#server/mail/mailer.ts';
import type { SpeedToLeadDeps } from '#server/modules/website/speed-to-lead.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';

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

export const callAny = (
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Builds (offline) and publishes a landing page of the signed-in business: its id and its public address. */
export async function publishLanding(app: App, cookie: string) {
  const built = await call(app, 'POST', '/api/ai/generate-landing-page', cookie, {
    messages: [],
    userPrompt: 'A furnace tune-up page with 10% off',
  });
  if (built.statusCode !== 200) throw new Error(built.body);
  const { id, title } = built.json<{ landingPage: { id: string; title: string } }>().landingPage;
  const published = await call(app, 'POST', `/api/website/landing-pages/${id}/publish`, cookie);
  const path = published.json<{ publicPath: string }>().publicPath;
  const [, , business = '', slug = ''] = path.split('/');
  return { id, title, path, business, slug };
}

export interface Recorded {
  name: string;
  data: unknown;
  key?: string | undefined;
  startAfter?: Date | undefined;
}

/** A queue that records what is enqueued (the tests run the handlers themselves); a repeated key is a no-op. */
export function recordingJobs(): Jobs & { enqueued: Recorded[] } {
  const enqueued: Recorded[] = [];
  const keys = new Set<string>();
  return {
    enqueued,
    async enqueue(name, data, options = {}) {
      if (options.key && keys.has(`${name}:${options.key}`)) return null;
      if (options.key) keys.add(`${name}:${options.key}`);
      enqueued.push({ name, data, key: options.key, startAfter: options.startAfter });
      return String(enqueued.length);
    },
    boss: () => Promise.reject(new Error('no queue in this test')),
    stop: () => Promise.resolve(),
  };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * What the speed-to-lead job runs with, as the worker builds it: mail to the local outbox, Twilio
 * at `twilioBaseUrl` (a fake, or a closed port when no lead in the test has a phone number).
 */
export function speedToLeadDeps(app: App, db: Db, twilioBaseUrl = 'http://127.0.0.1:9'): SpeedToLeadDeps {
  const quiet = { info() {}, warn() {}, error() {} };
  return {
    db,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'test@example.com' } as never, db, quiet as never),
    appUrl: 'http://localhost',
    box: app.deps.secretBox,
    outbound: createOutbound({ allow: ['127.0.0.1'] }),
    twilioBaseUrl,
    jobs: app.deps.jobs,
    inboundEmailDomain: undefined,
    // Midday in every US time zone: outside the default quiet hours (9 pm – 8 am).
    now: () => new Date('2026-06-15T18:00:00Z'),
  };
}
