import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers Fastify sets on every answer itself; the rest of a probe's answer is helmet's. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet rebuilds helmet's
 * middleware (and re-parses the CSP) on every request; our headers are the same for every
 * answer, so one probe request at start gives them all.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!OWN_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * Security headers with a real Content-Security-Policy: scripts only from our own origin (the
 * built client has no inline script), no framing of the app, no plugins. Inline style
 * attributes stay allowed because React components set them; inline <style> elements do not.
 * A route may still set its own Content-Security-Policy (published landing pages do).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Generated landing-page previews render in sandboxed blob/srcdoc frames.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (!headers['content-security-policy']) throw new Error('security headers: helmet set no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
