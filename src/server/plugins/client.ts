import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientModules, queryPreloadLinks } from './route-preloads.ts';
import { loadPublicPages } from './public-pages.ts';
import { loadServerRender, stylesInliner } from './server-render.ts';

function cacheControl(filePath: string): string {
  if (filePath.endsWith('index.html')) return 'no-cache'; // always revalidate, so a deploy shows at once
  // The service worker: a new build's worker is found on the next visit, never a cached old one.
  if (path.basename(filePath).startsWith('sw.js')) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET path so the client router decides what a path shows.
 * Unknown /api/* paths are a JSON 404, never the SPA.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  /** A per-request index.html (a business's own domain carries its brand), or null for the shared one. */
  indexFor: (request: FastifyRequest, html: string) => Promise<string | null> = async () => null,
  /** Whether the request carries a session cookie (a signed-in page's data can start with the HTML). */
  hasSession: (request: FastifyRequest) => boolean = () => false,
): Promise<void> {
  const render = await loadServerRender(app, clientDir);
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  // The SPA shell is answered for most page loads; it only changes with a build (and a
  // restart), so it is read once and served from memory (4k -> 19k req/s measured by npm run bench).
  const built = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const modules = clientModules(clientDir);
  // A page the browser draws alone starts the app's chunks with the HTML.
  const indexHtml = built === undefined ? undefined : Buffer.from(inHead(built, modules.app));
  const inlineStyles = clientDir ? stylesInliner(clientDir) : (html: string) => html;
  const publicPage = await loadPublicPages(app.log, clientDir, built, (html) =>
    inHead(entryAfterData(inlineStyles(html)), PAINTED_WHOLE + startedAfterPaint(modules.app)),
  );
  const indexEtag = indexHtml
    ? `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`
    : undefined;

  if (indexHtml && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts); send the smallest the browser accepts.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('cache-control', cacheControl(filePath));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({ message: `There is no API route ${request.method} ${url}.`, code: 'not_found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: `Nothing answers ${request.method} ${url}.`, code: 'not_found' });
    }
    if (path.extname(url) !== '' && url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!indexHtml || !indexEtag || built === undefined) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client is not built yet. Run `npm run build` (npm start does this for you).');
    }
    const own = await indexFor(request, built);
    const preloads = hasSession(request) ? modules.forRoute(url) : null;
    // On a business's own domain (its branded copy) only the sign-in screens are drawn, in its brand.
    const drawn = preloads === null ? await publicPage(request.url, own ?? undefined) : null;
    if (drawn !== null) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // A branded page is this visit's own; the others are kept compressed.
      return reply.send(own === null ? compressedPublicPage(request, reply, drawn) : compressed(request, reply, drawn));
    }
    if (own !== null || preloads !== null) {
      const unrendered = own ?? built;
      const rendered = preloads ? await render(request, request.url, unrendered) : null;
      for (const cookie of rendered?.setCookies ?? []) void reply.header('set-cookie', cookie);
      // A rendered page carries the answers it was drawn from; the HTML starts the other first
      // queries, and the chunks (after the paint, on a drawn page).
      const chunks = modules.app + (preloads?.modules ?? '');
      const queries = preloads
        ? queryPreloadLinks(preloads.queries.filter((query) => !rendered?.used.includes(query)))
        : '';
      const page = rendered
        ? inHead(entryAfterData(rendered.html), PAINTED_WHOLE + startedAfterPaint(chunks) + queries)
        : inHead(unrendered, chunks + queries);
      reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
      return reply.send(compressed(request, reply, page));
    }
    reply.header('cache-control', 'no-cache').header('etag', indexEtag);
    if (request.headers['if-none-match'] === indexEtag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
}

/**
 * A drawn page is painted once its markup is all in, never half of it: a phone's CSS puts some
 * parts before others in `order` (the dashboard's Today card), and a first paint of the markup so
 * far moved what was there when the rest came (a layout shift of 0.4–0.7 on a slow phone).
 * The mark is the element after #root (index.html): the link waits for that element's start tag.
 * Browsers without `rel=expect` paint as before.
 */
const PAINTED_WHOLE = '<link rel="expect" href="#after-root" blocking="render">';

const inHead = (html: string, tags: string) => (tags ? html.replace('</head>', () => `${tags}</head>`) : html);

/**
 * A page the server drew is painted before its chunks are asked for: the HTML lists them inert,
 * and the entry (src/client/main.tsx) starts them after the first paint (decision 043). (Started
 * with the HTML instead, the public pages measured no better.)
 */
const startedAfterPaint = (tags: string) => (tags ? `<template id="app-modules">${tags}</template>` : '');

/**
 * The entry of a page the server drew comes at low priority, after the first queries' answers it
 * still lacks. (Lighthouse also counts a high-priority script that arrived before the first paint
 * as holding that paint back, whether it did or not.)
 */
function entryAfterData(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
}

/**
 * `html` compressed as the browser accepts: a server-rendered page is ~100 KB of markup and
 * answers, ~15 KB in brotli, and on a slow phone network every KB of the document delays its paint.
 */
function compressed(request: FastifyRequest, reply: FastifyReply, html: string): Buffer | string {
  const encoding = acceptedEncoding(request, reply);
  return encoding ? compress(html, encoding) : html;
}

/**
 * A drawn public page's body, compressed once per page and encoding rather than on every visit:
 * the page is the same string until it is drawn again (a new year). An address with a query
 * (/login?next=…, a campaign's utm_…) is compressed as it comes, so the kept bodies stay few.
 */
const publicBodies = new Map<string, { html: string; body: Buffer }>();
function compressedPublicPage(request: FastifyRequest, reply: FastifyReply, html: string): Buffer | string {
  const encoding = acceptedEncoding(request, reply);
  if (!encoding) return html;
  if (request.url.includes('?')) return compress(html, encoding);
  const key = `${encoding} ${request.url}`;
  const kept = publicBodies.get(key);
  if (kept?.html === html) return kept.body;
  const body = compress(html, encoding);
  publicBodies.set(key, { html, body });
  return body;
}

/** The compression the browser accepts (brotli first), said in the answer's headers; null for none. */
function acceptedEncoding(request: FastifyRequest, reply: FastifyReply): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply.header('vary', 'accept-encoding');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (encoding) void reply.header('content-encoding', encoding);
  return encoding;
}

function compress(html: string, encoding: 'br' | 'gzip'): Buffer {
  // Quality 5: within a few KB of the best, in about a millisecond for such a page.
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html);
}
