import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HINT_CLOSED_COOKIE, keepsHintColumn } from '#shared/hint-column.ts';
import { SERVER_STATE_ID, type RenderedPage, type ServerRenderer } from '#shared/server-render.ts';

// A signed-in page marked `serverRendered` (shared/signed-in-routes.ts) comes with its first
// screen in the HTML: the client's own components, rendered by the build's Node bundle
// (dist/ssr/entry-server.js), with the page's first queries answered by this app in-process, as
// the visitor. The browser paints it before any script arrives and hydrates it (decision 014).

/** Request headers an in-process API call does not take from the page's request. */
const NOT_FORWARDED = new Set([
  'accept',
  'accept-encoding',
  'content-length',
  'content-type',
  'if-none-match',
  'if-modified-since',
  'connection',
]);

export interface ServerRendered {
  /** The whole document. */
  html: string;
  /** The first queries whose answers it carries: the browser need not ask for them. */
  used: string[];
  /** Cookies the API calls set (a persistent session's renewed expiry), for the page's answer. */
  setCookies: string[];
}

/** `html` (the built index.html, or a business's branded copy) with the first screen of `url` in it, or null. */
export type ServerRender = (request: FastifyRequest, url: string, html: string) => Promise<ServerRendered | null>;

/** The renderer of the client build beside `clientDir`, or one that renders nothing when there is none. */
export async function loadServerRender(app: FastifyInstance, clientDir: string | undefined): Promise<ServerRender> {
  const bundle = clientDir ? path.join(clientDir, '..', 'ssr', 'entry-server.js') : undefined;
  if (!clientDir || !bundle || !existsSync(bundle)) return async () => null;
  const renderer = (await import(pathToFileURL(bundle).href)) as ServerRenderer;
  await renderer.loadServerRenderedPages();
  const inlineStyles = stylesInliner(clientDir);
  // A page not rendered within this is sent as before (the browser renders it): the visitor does
  // not wait on us (SERVER_RENDER_TIME_LIMIT_MS, 1.5 s).
  const limitMs = app.deps.config.serverRenderTimeLimitMs;

  return async (request, url, html) => {
    const headers: Record<string, string | string[]> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    const setCookies = new Map<string, string>();
    const call = async (apiUrl: string): Promise<Response> => {
      const answer = await app.inject({ method: 'GET', url: apiUrl, headers, remoteAddress: request.ip });
      for (const cookie of [answer.headers['set-cookie'] ?? []].flat())
        setCookies.set(cookie.split('=')[0] ?? cookie, cookie);
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

    let timer: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), limitMs);
    });
    try {
      const page = await Promise.race([renderer.renderSignedInPage(url, call).then((p) => p ?? undefined), tooSlow]);
      if (page === null) request.log.warn({ url }, `server render took over ${limitMs} ms; sent unrendered`);
      if (!page) return null;
      const hintColumn = keepsHintColumn(url, request.cookies[HINT_CLOSED_COOKIE]);
      return {
        html: inlineStyles(withPage(html, page, hintColumn)),
        used: page.used,
        setCookies: [...setCookies.values()],
      };
    } catch (err) {
      // The browser renders the page as it always could; the failure is ours to look into.
      request.log.error({ err, url }, 'server render failed; the browser renders the page');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The page with its first screen in #root, the answers it was drawn from beside it (JSON a
 * script cannot end early: `<` is escaped), and on <html> the brand colours and, with
 * `hintColumn`, the mark that keeps the hints card's column free (shared/hint-column.ts).
 */
function withPage(html: string, page: RenderedPage, hintColumn: boolean): string {
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  const attributes = `${hintColumn ? ' data-hint-column' : ''}${page.htmlStyle ? ` style="${page.htmlStyle}"` : ''}`;
  // Replaced by functions: a `$&` in a lead's name must stay text, not a replacement pattern.
  return html
    .replace('<html lang="en">', () => `<html lang="en"${attributes}>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
    );
}

/**
 * Puts the app's stylesheet (~11 KB in brotli) into a rendered page instead of linking it: the
 * page can paint as soon as its HTML is in, instead of when the stylesheet, sharing a slow
 * network with a dozen scripts, has arrived too. The other pages link it (and cache it) as before.
 */
export function stylesInliner(clientDir: string): (html: string) => string {
  const index = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const link = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/.exec(index);
  const file = link?.[1] ? path.join(clientDir, link[1]) : undefined;
  const css = file && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (!link || !css || css.includes('</')) return (html) => html;
  // The link stays, disabled (never fetched): a lazy chunk lists the sheet as its own, and Vite's
  // loader adds it to a page that has no such link — the sheet came a second time and the whole
  // page was restyled, ~40 ms on a phone (decision 043).
  const kept = link[0].replace('<link ', '<link disabled ');
  return (html) => html.replace(link[0], () => `<style>${css}</style>${kept}`);
}
