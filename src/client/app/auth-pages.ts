import type { ReactNode } from 'react';
import { lazyPage, preloadPage } from '@/lib/lazy-page';
import { lazyQueryPage } from './lazy-query-page';

// The auth-layout pages, each its own chunk, and the layout itself: a visitor to a marketing page
// downloads none of them (nor the host brand reading the layout does) until they head for sign-in.
export const AuthLayout = lazyPage<{ children: ReactNode }>(() =>
  import('./auth-layout').then((m) => ({ default: m.AuthLayout })),
);
export const AuthPage = lazyQueryPage(() => import('@/features/auth/auth-page'));
export const VerifyEmailPage = lazyQueryPage(() => import('@/features/auth/verify-email-page'));
export const TermsPage = lazyPage(() => import('@/features/legal/terms-page'));
export const PrivacyPage = lazyPage(() => import('@/features/legal/privacy-page'));
export const AcceptInvitationPage = lazyQueryPage(() => import('@/features/team/accept-invitation-page'));

/** The auth-layout pages by path, for preloading (the router's Switch decides what renders). */
const AUTH_PAGES = [
  [/^\/(login|register|forgot-password|reset-password)/, AuthPage],
  [/^\/verify-email/, VerifyEmailPage],
  [/^\/invite\//, AcceptInvitationPage],
  [/^\/terms/, TermsPage],
  [/^\/privacy/, PrivacyPage],
] as const;

/** Fetches the auth layout and the page at `path` (an auth path; see paths.ts). */
export function preloadAuthPage(path: string): Promise<unknown> {
  return Promise.all([
    AuthLayout.preload().catch(() => undefined),
    preloadPage(AUTH_PAGES.find(([pattern]) => pattern.test(path))?.[1]),
  ]);
}
