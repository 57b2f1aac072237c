// A local HTTP server speaking the WordPress REST API the way WordPress 6 does:
// application-password Basic auth (spaces in the password are ignored), GET /wp-json and
// /wp-json/wp/v2/users/me, the ?rest_route= form, WordPress's error envelope and codes, and the
// `Link: <…/wp-json/>; rel="https://api.w.org/"` header on every page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicCredentials, listen, type Listening } from './listen.ts';

export type FakeWordpressMode =
  /** A normal site with pretty permalinks. */
  | 'ok'
  /** Permalinks off: /wp-json/… is the theme's 404 page; only /?rest_route=/… answers. */
  | 'plain-permalinks'
  /** A plugin answers every REST call with rest_disabled. */
  | 'rest-disabled'
  /** REST removed entirely: /wp-json/… and ?rest_route are the theme's HTML 404 page, no Link header. */
  | 'rest-removed'
  /** Not WordPress at all: a brochure site answering HTML. */
  | 'not-wordpress';

export interface FakeWordpressOptions {
  username?: string;
  /** As WordPress shows it, with spaces: "abcd EFGH ijkl MNOP qrst UVWX". */
  appPassword?: string;
  displayName?: string;
  /** false = a Contributor (no publish_posts). */
  canPublish?: boolean;
  mode?: FakeWordpressMode;
}

export interface FakeWordpressPost {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  categories: number[];
  tags: number[];
  featured_media: number;
  link: string;
}

export interface FakeWordpressTerm {
  id: number;
  name: string;
  slug: string;
}

export interface FakeWordpress extends Listening {
  options: Required<FakeWordpressOptions>;
  /** Authorization headers received, oldest first. */
  authorizations: (string | null)[];
  /** What was published through /wp/v2/posts, by id. */
  posts: Map<number, FakeWordpressPost>;
  categories: FakeWordpressTerm[];
  tags: FakeWordpressTerm[];
  /** Uploads to /wp/v2/media: file name, type and size. */
  media: { id: number; filename: string; mimeType: string; bytes: number; source_url: string }[];
}

const THEME_404 = `<!doctype html><html><head><link rel="stylesheet" href="/wp-content/themes/twentytwentythree/style.css"></head><body><h1>Page not found</h1></body></html>`;
const CONTENT_ROUTE = /^\/wp\/v2\/(posts|categories|tags|media)(?:\/(\d+))?$/;
const BROCHURE = `<!doctype html><html><head><title>Acme Plumbing</title></head><body><h1>Acme Plumbing</h1><p>Call us.</p></body></html>`;

/** The site's own pages (home, theme 404s): not REST calls. */
const sitePage = (url: URL) => !url.pathname.startsWith('/wp-json') && !url.searchParams.has('rest_route');

export async function startFakeWordpress(opts: FakeWordpressOptions = {}): Promise<FakeWordpress> {
  const options: Required<FakeWordpressOptions> = {
    username: 'owner',
    appPassword: 'abcd EFGH ijkl MNOP qrst UVWX',
    displayName: 'Riley Owner',
    canPublish: true,
    mode: 'ok',
    ...opts,
  };
  const authorizations: (string | null)[] = [];
  const posts = new Map<number, FakeWordpressPost>();
  // WordPress always has the "Uncategorized" category (id 1).
  const categories: FakeWordpressTerm[] = [{ id: 1, name: 'Uncategorized', slug: 'uncategorized' }];
  const tags: FakeWordpressTerm[] = [];
  const media: FakeWordpress['media'] = [];
  let nextId = 100;
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      link: `<${base}/wp-json/>; rel="https://api.w.org/"`,
    });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    json(res, status, { code, message, data: { status } });
  const html = (res: ServerResponse, status: number, body: string, wordpress: boolean) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=UTF-8',
      ...(wordpress ? { link: `<${base}/wp-json/>; rel="https://api.w.org/"` } : {}),
    });
    res.end(body);
  };

  function rest(req: IncomingMessage, res: ServerResponse, route: string, body: Buffer) {
    authorizations.push(req.headers.authorization ?? null);
    if (options.mode === 'rest-disabled')
      return error(res, 403, 'rest_disabled', 'The REST API is disabled on this site.');
    if (route === '/' || route === '') {
      return json(res, 200, {
        name: 'Fake Site',
        url: base,
        home: base,
        namespaces: ['oembed/1.0', 'wp/v2'],
        authentication: { 'application-passwords': {} },
      });
    }
    if (route !== '/wp/v2/users/me' && !CONTENT_ROUTE.test(route))
      return error(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
    const given = basicCredentials(req.headers.authorization);
    if (!given) return error(res, 401, 'rest_not_logged_in', 'You are not currently logged in.');
    if (given.user !== options.username)
      return error(
        res,
        401,
        'invalid_username',
        '<strong>Error:</strong> The username is not registered on this site.',
      );
    // WordPress strips spaces from application passwords before comparing.
    if (given.password.replace(/\s/g, '') !== options.appPassword.replace(/\s/g, '')) {
      // As a real WordPress 6 does: a write is refused by the capability check (the caller is
      // nobody), 401 rest_cannot_create; a read names the bad password.
      if (req.method === 'POST' && /^\/wp\/v2\/(posts|media)$/.test(route))
        return error(res, 401, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
      return error(res, 401, 'incorrect_password', 'The provided password is an invalid application password.');
    }
    if (route !== '/wp/v2/users/me') return content(req, res, route, body);
    return json(res, 200, {
      id: 1,
      username: options.username,
      name: options.displayName,
      email: `${options.username}@example.com`,
      roles: [options.canPublish ? 'administrator' : 'contributor'],
      capabilities: { edit_posts: true, publish_posts: options.canPublish },
      link: `${base}/author/${options.username}/`,
      avatar_urls: { '24': '', '48': '', '96': '' },
    });
  }

  const slugOf = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const escape = (v: string) => v.replace(/&/g, '&amp;');

  /** Posts, categories, tags and media, for an authenticated user (wp/v2 shapes, trimmed). */
  function content(req: IncomingMessage, res: ServerResponse, route: string, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, kind, idText] = CONTENT_ROUTE.exec(route) ?? [];
    const method = req.method ?? 'GET';
    if (kind === 'categories' || kind === 'tags') {
      const terms = kind === 'categories' ? categories : tags;
      if (method === 'GET') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return json(
          res,
          200,
          terms.filter((t) => t.name.toLowerCase().includes(search)).map((t) => ({ ...t, name: escape(t.name) })),
        );
      }
      const { name } = parse(body) as { name?: string };
      if (!name) return error(res, 400, 'rest_missing_callback_param', 'Missing parameter(s): name');
      const existing = terms.find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (existing)
        return json(res, 400, {
          code: 'term_exists',
          message: 'A term with the name provided already exists.',
          data: { status: 400, term_id: existing.id },
        });
      const term = { id: nextId++, name, slug: slugOf(name) };
      terms.push(term);
      return json(res, 201, term);
    }
    if (kind === 'media') {
      if (method !== 'POST') return json(res, 200, media);
      const disposition = String(req.headers['content-disposition'] ?? '');
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      if (!filename) return error(res, 400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
      const item = {
        id: nextId++,
        filename,
        mimeType: String(req.headers['content-type'] ?? ''),
        bytes: body.length,
        source_url: `${base}/wp-content/uploads/${filename}`,
      };
      media.push(item);
      return json(res, 201, { id: item.id, source_url: item.source_url, media_type: 'image' });
    }
    // posts
    if (method === 'GET') return json(res, 200, [...posts.values()].map(view));
    const input = parse(body) as Partial<Record<string, unknown>>;
    const id = idText ? Number(idText) : nextId++;
    const before = posts.get(id);
    if (idText && !before) return error(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
    if (input.status === 'publish' && !options.canPublish)
      return error(res, 403, 'rest_cannot_publish', 'Sorry, you are not allowed to publish posts as this user.');
    const post: FakeWordpressPost = {
      id,
      title: String(input.title ?? before?.title ?? ''),
      content: String(input.content ?? before?.content ?? ''),
      excerpt: String(input.excerpt ?? before?.excerpt ?? ''),
      status: String(input.status ?? before?.status ?? 'draft'),
      categories: (input.categories as number[] | undefined) ?? before?.categories ?? [1],
      tags: (input.tags as number[] | undefined) ?? before?.tags ?? [],
      featured_media: Number(input.featured_media ?? before?.featured_media ?? 0),
      link: `${base}/?p=${id}`,
    };
    posts.set(id, post);
    return json(res, before ? 200 : 201, view(post));
  }
  const view = (p: FakeWordpressPost) => ({
    ...p,
    title: { rendered: p.title, raw: p.title },
    content: { rendered: p.content, raw: p.content },
    excerpt: { rendered: p.excerpt, raw: p.excerpt },
  });
  const parse = (body: Buffer): unknown => {
    try {
      return JSON.parse(body.toString('utf8') || '{}');
    } catch {
      return {};
    }
  };

  const server = await listen({ contracts: ['wordpress'], pages: sitePage }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (options.mode === 'not-wordpress') return html(res, url.pathname === '/' ? 200 : 404, BROCHURE, false);
    const removed = options.mode === 'rest-removed';
    const restRoute = url.pathname === '/' ? url.searchParams.get('rest_route') : null;
    if (restRoute !== null) return removed ? html(res, 404, THEME_404, false) : rest(req, res, restRoute, body);
    if (url.pathname.startsWith('/wp-json')) {
      if (removed || options.mode === 'plain-permalinks') return html(res, 404, THEME_404, !removed);
      return rest(req, res, url.pathname.slice('/wp-json'.length), body);
    }
    return html(res, url.pathname === '/' ? 200 : 404, THEME_404.replace('Page not found', 'Welcome'), !removed);
  });
  base = server.url;
  return { ...server, options, authorizations, posts, categories, tags, media };
}
