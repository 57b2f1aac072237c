/**
 * Where to go after signing in: the `?next=` path when it is one of ours (so onboarding can send
 * a visitor to sign up and back without losing their place), never another site.
 */
export function nextPath(search: string, fallback = '/dashboard'): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}

/** `href` with the current `?next=` carried along (Sign up ↔ Sign in links). */
export function keepNext(href: string, search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next ? `${href}?next=${encodeURIComponent(next)}` : href;
}
