/** Signed-in routes (spec-1 §2); everything here renders inside the route guard. */
export const SIGNED_IN_PATHS = [
  '/dashboard',
  '/social',
  '/leads',
  '/reviews',
  '/analytics',
  '/keywords',
  '/website',
  '/ai-coach',
  '/settings',
  '/felix',
  '/app',
  '/reports',
  '/seo',
  '/subscribe',
] as const;

export type SignedInPath = (typeof SIGNED_IN_PATHS)[number];

const signedIn = new Set<string>(SIGNED_IN_PATHS);

export function isSignedInPath(path: string): path is SignedInPath {
  return signedIn.has(path);
}

const AUTH_PATTERNS = [
  /^\/login$/,
  /^\/register$/,
  /^\/forgot-password$/,
  /^\/reset-password(\/[^/]*)?\/?$/,
  /^\/verify-email(\/[^/]*)?\/?$/,
  // The legal pages the sign-up form and the auth footer link to.
  /^\/terms$/,
  /^\/privacy$/,
];

/** Pages in the auth layout (brand header + footer): the sign-in screens and the terms and privacy pages. */
export function isAuthPath(path: string): boolean {
  return AUTH_PATTERNS.some((pattern) => pattern.test(path));
}

/** Sign-up and sign-in buttons on public pages are full navigations to this path (spec-1 §2). */
export const LOGIN_URL = '/api/login';
