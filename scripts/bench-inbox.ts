// `node --import tsx scripts/bench-inbox.ts` (not part of `npm test`): inbound text → visible in
// an open inbox. Builds the app on a fresh embedded database, listens on 127.0.0.1, signs an
// owner up with Twilio in Settings → SMS (the local Twilio fake), opens the inbox's event stream
// (GET /api/conversations/events, as the page's EventSource does) and the thread list, then posts
// TEXTS signed inbound texts to /api/webhooks/twilio/sms one after another, each from a new number.
// For each: webhook sent → its `change` event received → the list the page then refetches shows
// it. Prints p50/p95/max; asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { startFakeTwilio } from '#tests/fakes/twilio-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';

const TEXTS = Number(process.env.BENCH_TEXTS ?? 50);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;

const twilio = await startFakeTwilio();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-inbox-'));
const database = await openDatabase({ dataDir });
await runMigrations(database);
const app = await buildApp({
  config: testConfig({ TWILIO_API_BASE_URL: twilio.url, OUTBOUND_ALLOW: '127.0.0.1' }),
  database,
  logger: false,
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const owner = await signUp(app);
const number = '+15125557400';
const { accountSid, authToken } = twilio.options;
await app.inject({
  method: 'PUT',
  url: '/api/settings/sms',
  headers: { cookie: owner.cookie },
  payload: { accountSid, authToken, phoneNumber: number },
});

const stream = await fetch(`${base}/api/conversations/events`, { headers: { cookie: owner.cookie } });
const reader = stream.body!.getReader();
const state: { waiting: (() => void) | null } = { waiting: null };
void (async () => {
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    if (decoder.decode(value).includes('event: change')) state.waiting?.();
  }
})();

const figures: number[] = [];
for (let i = 0; i < TEXTS; i++) {
  const from = `+1512555${String(1000 + i)}`;
  const hook = twilio.inbound(`${app.deps.config.appUrl}/api/webhooks/twilio/sms`, {
    from,
    to: number,
    body: `Text ${i}`,
  });
  const started = performance.now();
  const heard = new Promise<void>((resolve) => (state.waiting = resolve));
  await fetch(`${base}/api/webhooks/twilio/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': hook.signature },
    body: hook.body,
  });
  await heard;
  const list = (await (
    await fetch(`${base}/api/conversations?status=open`, { headers: { cookie: owner.cookie } })
  ).json()) as { items: { lastMessagePreview: string }[] };
  if (list.items[0]?.lastMessagePreview !== `Text ${i}`) throw new Error(`text ${i} not first in the list`);
  figures.push(performance.now() - started);
}
console.log(
  `inbound text → event → list shows it, ${TEXTS} texts (ms): p50 ${percentile(figures, 50).toFixed(1)}, p95 ${percentile(figures, 95).toFixed(1)}, max ${Math.max(...figures).toFixed(1)}`,
);
await reader.cancel();
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
await twilio.close();
