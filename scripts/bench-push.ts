// `npm run bench:push` (not part of `npm test`): lead → push on the owner's phone (issue 37).
// Starts the production server on a fresh embedded database, publishes a landing page, subscribes
// the owner's "phone" (the local push service stand-in, tests/fakes/push-service.ts, which decrypts
// each message), then posts LEADS quote forms to the page through its public lead route, one every
// LEAD_GAP_MS, each from its own address, and prints p50/p95/max of the time from sending the form
// to the push service accepting the "New lead" push for it (the push is a pg-boss job). Prints;
// asserts nothing. Only 127.0.0.1 is contacted.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFakePushService } from '#tests/fakes/push-service.ts';
import { startServer } from '#tests/e2e/server.ts';
import { api, formTime, percentile, postLead, publishedPage, sleep } from './bench-kit/landing-page.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 50);
const LEAD_GAP_MS = Number(process.env.BENCH_LEAD_GAP_MS ?? 250);
/** The form's minimum fill time (lead-intake.service.ts MIN_FILL_MS), plus a margin. */
const FILL_MS = 3_500;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-push-'));
  const phone = await startFakePushService();
  // The stand-in listens on 127.0.0.1: the SSRF guard lets pushes through to it only when allowed.
  const server = await startServer({ dataDir, env: { TRUST_PROXY: '127.0.0.1', OUTBOUND_ALLOW: '127.0.0.1' } });
  try {
    const { path: pagePath, cookie } = await publishedPage(server.url);
    await api(server.url, cookie, 'POST', '/api/push/subscriptions', { ...phone.subscribe(), device: 'Bench phone' });
    const url = server.url + pagePath;
    const ts = await formTime(url);
    await sleep(FILL_MS);

    const sentAt = new Map<string, number>();
    for (let i = 0; i < LEADS; i++) {
      sentAt.set(`New lead: Visitor ${i}`, performance.now());
      await postLead(url, i, ts);
      await sleep(LEAD_GAP_MS);
    }
    const deadline = Date.now() + 120_000;
    while (phone.received.length < LEADS && Date.now() < deadline) await sleep(100);
    const ms = phone.received.flatMap((r) => {
      const at = sentAt.get((r.payload as { title?: string }).title ?? '');
      return at === undefined ? [] : [r.at - at];
    });
    if (ms.length < LEADS) throw new Error(`only ${ms.length} of ${LEADS} pushes within 2 minutes`);
    const f = (x: number) => `${Math.round(x)} ms`;
    console.log(
      `\nLead → push, ${LEADS} form posts one every ${LEAD_GAP_MS} ms, request sent → push service accepted:`,
    );
    console.log('| p50 | p95 | max |');
    console.log('|---|---|---|');
    console.log(`| ${f(percentile(ms, 50))} | ${f(percentile(ms, 95))} | ${f(Math.max(...ms))} |`);
  } finally {
    await server.stop();
    await phone.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
