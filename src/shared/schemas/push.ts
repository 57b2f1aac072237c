import { z } from 'zod';
import { PUSH_KINDS } from '../push.ts';
import { zString } from './string.ts';

export * from '../push.ts';

const base64url = (max: number) =>
  zString()
    .max(max, 'That key is too long')
    .regex(/^[A-Za-z0-9_-]+=*$/, 'That key is not valid');

/** POST /api/push/subscriptions: what the browser's PushSubscription.toJSON() gives, and the device's name. */
export const ZPushSubscribeRequest = z.object({
  // The push service's address; sending goes through the SSRF guard, so a private one is refused then.
  endpoint: zString()
    .max(1000, 'The push endpoint is too long')
    .regex(/^https?:\/\/[^\s]+$/, 'The push endpoint must be a web address'),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  device: zString().trim().min(1).max(120).default('This device'),
});
export type TPushSubscribeRequest = z.input<typeof ZPushSubscribeRequest>;

export const ZPushDevice = z.object({
  id: z.uuid(),
  device: zString(),
  createdAt: z.iso.datetime(),
  lastSentAt: z.iso.datetime().nullable(),
  /** The push service's address, for the page to tell this device from the others. */
  endpoint: zString(),
});
export type TPushDevice = z.infer<typeof ZPushDevice>;

export const ZPushSettings = z.object({
  /** The VAPID public key the browser subscribes with. */
  publicKey: zString(),
  devices: z.array(ZPushDevice),
  /** Every kind with whether this member wants it. */
  choices: z.record(z.enum(PUSH_KINDS), z.boolean()),
});
export type TPushSettings = z.infer<typeof ZPushSettings>;

/** PUT /api/push/choices: the kinds and whether each is on (kinds left out keep their choice). */
export const ZPushChoicesRequest = z.object({ choices: z.partialRecord(z.enum(PUSH_KINDS), z.boolean()) });

export const ZPushDeviceParams = z.object({ id: z.uuid({ error: 'That device was not found' }) });

export const ZPushTestResult = z.object({ queued: z.boolean() });
