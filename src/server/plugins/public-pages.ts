import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicRenderer, RenderedPublicPage } from '#shared/public-render.ts';

// The public pages (the marketing pages, the sign-in screens, the terms; src/client/entry-public.tsx)
// come with their first screen in the HTML, drawn by the client build's Node bundle with the
// browser's own components: the page paints as soon as its HTML is in, and the browser hydrates it.
// They show nobody's data, so each is drawn once per server start and kept in memory.

/**
 * The page's HTML for an address (path and query), or null when the browser renders it alone, as
 * before. With `branded` (index.html on a business's own domain, its brand in a tag: domains-host.ts),
 * a sign-in screen drawn in that brand, for this visit only.
 */
export type PublicPageHtml = (url: string, branded?: string) => Promise<string | null>;

/** The `fw-brand` tag's content (JSON) in a business's branded index.html. */
function brandTagOf(html: string): string | undefined {
  const content = /<meta name="fw-brand" content="([^"]*)">/.exec(html)?.[1];
  return content
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** `html` (the built index.html) with the page in #root and its own title and description. */
function withPublicPage(html: string, page: RenderedPublicPage): string {
  // Replaced by functions: a `$&` in the page must stay text, not a replacement pattern.
  let out = html.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  if (page.htmlStyle)
    out = out.replace('<html lang="en">', () => `<html lang="en" style="${escapeAttr(page.htmlStyle ?? '')}">`);
  if (page.title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`);
  if (page.description)
    out = out.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttr(page.description)}" />`,
    );
  return out;
}

/**
 * The public pages of the client build beside `clientDir`, put into `indexHtml` and then through
 * `finish`; none when there is no build. Each is drawn at start (the server does not wait for
 * it) and again in a new year (the footers show the year). A page that reads its query
 * (/login?next=…) is drawn for each visit that has one; the others ignore it.
 */
export async function loadPublicPages(
  log: FastifyBaseLogger,
  clientDir: string | undefined,
  indexHtml: string | undefined,
  finish: (html: string) => string,
): Promise<PublicPageHtml> {
  const bundle = clientDir ? path.join(clientDir, '..', 'ssr', 'entry-server.js') : undefined;
  if (!indexHtml || !bundle || !existsSync(bundle)) return async () => null;
  const renderer = (await import(pathToFileURL(bundle).href)) as Partial<PublicRenderer>;
  const { renderPublicPage, PUBLIC_RENDERED_PATHS: paths = [], QUERY_READING_PATHS: readQuery = [] } = renderer;
  if (!renderPublicPage) return async () => null;

  const render = async (url: string, branded?: { html: string; brand: string }) => {
    try {
      const page = await renderPublicPage(url, branded?.brand);
      return page ? finish(withPublicPage(branded?.html ?? indexHtml, page)) : null;
    } catch (err) {
      // The browser renders the page as it always could; the failure is ours to look into.
      log.error({ err, url }, 'public page render failed; the browser renders the page');
      return null;
    }
  };
  const drawn = new Map<string, Promise<string | null>>();
  const drawnOnce = (pagePath: string) => {
    const key = `${new Date().getFullYear()}${pagePath}`;
    const page = drawn.get(key) ?? render(pagePath);
    drawn.set(key, page);
    return page;
  };
  for (const pagePath of paths) void drawnOnce(pagePath);
  return async (url, branded) => {
    const [pagePath = '/', query] = url.split('?');
    if (!paths.includes(pagePath)) return null;
    if (branded !== undefined) {
      const brand = brandTagOf(branded);
      return brand ? render(url, { html: branded, brand }) : null;
    }
    return query && readQuery.includes(pagePath) ? render(url) : drawnOnce(pagePath);
  };
}
