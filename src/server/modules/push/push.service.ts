import { createECDH } from 'node:crypto';
import webPush from 'web-push';
import { PUSH_KINDS, type PushMessage, type TPushKind } from '#shared/push.ts';
import type { TPushDevice, TPushSettings, TPushSubscribeRequest } from '#shared/schemas/push.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { notFound } from '#server/errors.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createOutbound, type Outbound } from '#server/security/ssrf-guard.ts';
import type { AppServices } from '#server/services.ts';
import * as repo from './push.repo.ts';

/** The job that sends one push to the devices that want it (push.jobs.ts). */
export const PUSH_JOB = 'push.send';

export interface PushDeps {
  db: Db;
  jobs: Jobs;
  config: Pick<AppConfig, 'vapid'>;
  secretBox: SecretBox;
  outbound: Outbound;
}

export function pushDeps(services: AppServices): PushDeps {
  return {
    db: services.database.db,
    jobs: services.jobs,
    config: services.config,
    secretBox: services.secretBox,
    // A subscription's endpoint is an address the browser gave: it goes through the SSRF guard.
    outbound: createOutbound({ allow: services.config.outboundAllow, timeoutMs: 10_000 }),
  };
}

/**
 * The VAPID pair: the configured one, else one derived from the secret box's key (a P-256 private
 * key is 32 bytes; the box's MAC for a fixed purpose is 32 bytes, the same in every process).
 */
export function vapidKeys(deps: Pick<PushDeps, 'config' | 'secretBox'>): { publicKey: string; privateKey: string } {
  if (deps.config.vapid.keys) return deps.config.vapid.keys;
  const privateKey = Buffer.from(deps.secretBox.mac('vapid-p256', 'web-push'), 'base64url');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

function toDevice(row: Awaited<ReturnType<typeof repo.listDevices>>[number]): TPushDevice {
  return {
    id: row.id,
    device: row.device,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

/** Settings → Notifications: the key to subscribe with, the member's devices and choices. */
export async function pushSettings(deps: PushDeps, auth: AuthContext): Promise<TPushSettings> {
  const [devices, off] = await Promise.all([
    repo.listDevices(deps.db, auth.tenantId, auth.userId),
    repo.turnedOff(deps.db, auth.tenantId, auth.userId),
  ]);
  const choices = Object.fromEntries(PUSH_KINDS.map((k) => [k, !off.includes(k)])) as Record<TPushKind, boolean>;
  return { publicKey: vapidKeys(deps).publicKey, devices: devices.map(toDevice), choices };
}

export async function subscribe(
  deps: PushDeps,
  auth: AuthContext,
  body: Required<Omit<TPushSubscribeRequest, 'device'>> & { device: string },
): Promise<TPushDevice> {
  const row = await repo.upsertSubscription(deps.db, auth.tenantId, auth.userId, {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    device: body.device,
  });
  return toDevice(row);
}

export async function removeDevice(deps: PushDeps, auth: AuthContext, id: string): Promise<void> {
  if (!(await repo.deleteDevice(deps.db, auth.tenantId, auth.userId, id))) throw notFound('That device');
}

export async function saveChoices(
  deps: PushDeps,
  auth: AuthContext,
  choices: Partial<Record<TPushKind, boolean>>,
): Promise<TPushSettings> {
  const off = new Set(await repo.turnedOff(deps.db, auth.tenantId, auth.userId));
  for (const kind of PUSH_KINDS) {
    if (choices[kind] === true) off.delete(kind);
    if (choices[kind] === false) off.add(kind);
  }
  await repo.saveTurnedOff(deps.db, auth.tenantId, auth.userId, [...off]);
  return pushSettings(deps, auth);
}

export interface PushJob {
  tenantId: string;
  /** null: a test push, to `userId`'s devices whatever their choices. */
  kind: TPushKind | null;
  userId?: string;
  message: PushMessage;
}

/**
 * The one call other areas make: tell the business's members who want `kind`. The push is sent
 * by the job system, never in the caller's request.
 */
export async function notify(
  deps: { jobs: Pick<Jobs, 'enqueue'> },
  tenantId: string,
  kind: TPushKind,
  message: PushMessage,
) {
  await deps.jobs.enqueue(PUSH_JOB, { tenantId, kind, message } satisfies PushJob);
}

/** Settings' test button: one push to this member's devices. */
export async function sendTest(deps: PushDeps, auth: AuthContext): Promise<{ queued: boolean }> {
  const message = { title: 'Test notification', body: 'Pushes reach this device.', url: '/settings?tab=notifications' };
  await deps.jobs.enqueue(PUSH_JOB, {
    tenantId: auth.tenantId,
    kind: null,
    userId: auth.userId,
    message,
  } satisfies PushJob);
  return { queued: true };
}

/** What one send came to, per device. */
export interface DeliveryReport {
  sent: number;
  removed: number;
  failed: number;
}

/** The job: encrypt (RFC 8291, aes128gcm) and post to each device; a 404/410 removes the device. */
export async function deliver(deps: PushDeps, job: PushJob): Promise<DeliveryReport> {
  const devices =
    job.kind === null
      ? (await repo.listDevices(deps.db, job.tenantId, job.userId ?? '')).map((d) => d)
      : await repo.devicesFor(deps.db, job.tenantId, job.kind, job.userId);
  const vapid = vapidKeys(deps);
  const payload = JSON.stringify(job.message);
  const report: DeliveryReport = { sent: 0, removed: 0, failed: 0 };
  const sent: string[] = [];
  for (const device of devices) {
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: { subject: deps.config.vapid.subject, ...vapid },
        TTL: 24 * 3600,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    try {
      const res = await deps.outbound.fetch(request.endpoint, { method: 'POST', headers, body: request.body ?? '' });
      if (res.status === 404 || res.status === 410) {
        await repo.deleteByEndpoint(deps.db, job.tenantId, device.endpoint);
        report.removed++;
      } else if (res.status >= 200 && res.status < 300) {
        sent.push(device.id);
        report.sent++;
      } else report.failed++;
    } catch {
      report.failed++;
    }
  }
  await repo.markSent(deps.db, job.tenantId, sent);
  return report;
}
