// A local stand-in for a browser's push service (Web Push, RFC 8030/8291/8292): it hands out
// subscriptions the way a browser's PushManager.subscribe() would (an endpoint here, a P-256 key
// pair and an auth secret the fake keeps), receives what our server posts, checks the VAPID
// header, and decrypts each message (aes128gcm) with that subscription's private key.
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { listen, type Listening } from './listen.ts';

// web-push's own dependency (RFC 8188/8291), untyped: only its decrypt is used.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID key (k=) the message was signed with. */
  vapidKey: string;
  at: number;
}

export interface FakePushService extends Listening {
  subscribe(): FakeSubscription;
  /** The answer a subscription's endpoint gives from now on (410: the browser unsubscribed). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** Resolves with the next message (or the one already there past `count`). */
  next(count?: number, timeoutMs?: number): Promise<ReceivedPush>;
}

/** Checks the ES256 JWT of `Authorization: vapid t=<jwt>, k=<key>` against k; answers k or throws. */
function checkVapid(header: string | undefined, audience: string): string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [head, body, sig] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== audience) throw new Error(`VAPID audience ${claims.aud}, expected ${audience}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return k;
}

export async function startFakePushService(): Promise<FakePushService> {
  const subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subs.get(id);
      if (req.method !== 'POST' || !sub) return res.writeHead(404).end();
      if (sub.status !== 201) return res.writeHead(sub.status).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapidKey = checkVapid(req.headers.authorization, `http://${req.headers.host}`);
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: sub.ecdh,
          authSecret: sub.auth.toString('base64url'),
        });
        received.push({
          subscriptionId: id,
          payload: JSON.parse(plain.toString('utf8')) as unknown,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          vapidKey,
          at: performance.now(),
        });
        for (const wake of waiters.splice(0)) wake();
        res.writeHead(201, { location: `/message/${randomUUID()}` }).end();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  return {
    ...server,
    received,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth, status: 201 });
      return {
        endpoint: `${server.url}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint, status) {
      const sub = subs.get(endpoint.split('/').pop() ?? '');
      if (sub) sub.status = status;
    },
    async next(count = received.length, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= count) {
        if (Date.now() > deadline) throw new Error('no push arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received[count]!;
    },
  };
}
