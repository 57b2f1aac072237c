// Felix's hints card takes a column beside the page from 1280 px (styles.css). Whether it opens is
// decided in the browser — by its width, its storage and its clock — after a server-drawn page has
// painted; the column coming then moved the whole page sideways (a desktop layout shift). So the
// browser remembers in a cookie the pages on which the card stayed shut at its last wide visit, and
// the server keeps the column free from the first paint on every other page that has hints.

/** The pages on which the card stayed shut, as their paths joined by commas (URI-encoded). */
export const HINT_CLOSED_COOKIE = 'fw_hint_closed';
/** The most pages the cookie remembers, newest last. */
export const HINT_CLOSED_MAX = 30;

export type HintContext = 'dashboard' | 'social' | 'analytics' | 'reviews' | 'leads' | 'coach';

/** The page group whose hints a path shows; /analytics and /reports share theirs. Null: no hints. */
export function contextOf(path: string): HintContext | null {
  const first = `/${path.split('?')[0]?.split('/')[1] ?? ''}`;
  switch (first) {
    case '/dashboard':
      return 'dashboard';
    case '/social':
      return 'social';
    case '/analytics':
    case '/reports':
      return 'analytics';
    case '/reviews':
      return 'reviews';
    case '/leads':
      return 'leads';
    case '/ai-coach':
      return 'coach';
    default:
      return null;
  }
}

/** The paths in the cookie's (decoded) value. */
export function closedPagesOf(value: string | undefined): string[] {
  return value ? value.split(',').filter((p) => p.startsWith('/')) : [];
}

/** The cookie's new value once the card stayed shut (`shut`) or opened on `path`. */
export function withHintClosed(value: string | undefined, path: string, shut: boolean): string {
  const others = closedPagesOf(value).filter((p) => p !== path);
  return (shut ? [...others, path] : others).slice(-HINT_CLOSED_MAX).join(',');
}

/** Whether a wide screen keeps the card's column free on `path` (its query aside) from the first paint. */
export function keepsHintColumn(path: string, closedCookie: string | undefined): boolean {
  const page = path.split(/[?#]/)[0] || '/';
  return contextOf(page) !== null && !closedPagesOf(closedCookie).includes(page);
}
