const AUTH_PATTERNS = [
  /^\/login$/,
  /^\/register$/,
  /^\/forgot-password$/,
  /^\/reset-password(\/[^/]*)?\/?$/,
  /^\/verify-email(\/[^/]*)?\/?$/,
  // The link in a team invitation mail.
  /^\/invite\/[^/]+\/?$/,
  // The legal pages the sign-up form and the auth footer link to.
  /^\/terms$/,
  /^\/privacy$/,
];

/** Pages in the auth layout (brand header + footer): the sign-in screens and the terms and privacy pages. */
export function isAuthPath(path: string): boolean {
  return AUTH_PATTERNS.some((pattern) => pattern.test(path));
}
