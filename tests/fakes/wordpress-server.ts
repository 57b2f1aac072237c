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

export interface FakeWordpress extends Listening {
  options: Required<FakeWordpressOptions>;
  /** Authorization headers received, oldest first. */
  authorizations: (string | null)[];
}

const THEME_404 = `<!doctype html><html><head><link rel="stylesheet" href="/wp-content/themes/twentytwentythree/style.css"></head><body><h1>Page not found</h1></body></html>`;
const BROCHURE = `<!doctype html><html><head><title>Acme Plumbing</title></head><body><h1>Acme Plumbing</h1><p>Call us.</p></body></html>`;

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

  function rest(req: IncomingMessage, res: ServerResponse, route: string) {
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
    if (route !== '/wp/v2/users/me')
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
      return error(res, 401, 'incorrect_password', 'The provided password is an invalid application password.');
    }
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

  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (options.mode === 'not-wordpress') return html(res, url.pathname === '/' ? 200 : 404, BROCHURE, false);
    const removed = options.mode === 'rest-removed';
    const restRoute = url.pathname === '/' ? url.searchParams.get('rest_route') : null;
    if (restRoute !== null) return removed ? html(res, 404, THEME_404, false) : rest(req, res, restRoute);
    if (url.pathname.startsWith('/wp-json')) {
      if (removed || options.mode === 'plain-permalinks') return html(res, 404, THEME_404, !removed);
      return rest(req, res, url.pathname.slice('/wp-json'.length));
    }
    return html(res, url.pathname === '/' ? 200 : 404, THEME_404.replace('Page not found', 'Welcome'), !removed);
  });
  base = server.url;
  return { ...server, options, authorizations };
}
