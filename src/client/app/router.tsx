import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PageReady } from '@/lib/page-ready';
import {
  AcceptInvitationPage,
  AuthLayout,
  AuthPage,
  PrivacyPage,
  TermsPage,
  VerifyEmailPage,
  preloadAuthPage,
} from './auth-pages';
import { lazyPage } from '@/lib/lazy-page';
import { isAuthPath } from './paths';
import { LandingPage, PUBLIC_PAGES, preloadPublicPage } from './public-pages';
import { PublicLayout } from './public-layout';
import { isSignedInPath, preloadRoutePage, signedInRouteFor } from './signed-in/routes';

// Every page is its own chunk: a visitor to / never downloads the signed-in app, and pages that
// query the API bring TanStack Query with them (lazyQueryPage). The auth pages: auth-pages.ts.
const SignedInApp = lazyPage(() => import('./signed-in/signed-in-app'));

/**
 * Fetches the chunks `path` (with `search`, ?tab=…) renders with: the signed-in shell and the
 * route's page with the parts the address opens, an auth page, or a public page. main.tsx awaits
 * it before the first render (no spinner, no layout shift when the page arrives).
 */
export function preloadPath(path: string, search = ''): Promise<unknown> {
  const route = signedInRouteFor(path);
  if (route) return Promise.all([SignedInApp.preload(), preloadRoutePage(route, search)]);
  if (isAuthPath(path)) return preloadAuthPage(path);
  return preloadPublicPage(path);
}

// One element for every signed-in address: a move between two of them changes nothing here, and
// the signed-in app's own router draws the next page as a transition (lib/transition-router.tsx).
const signedIn = (
  <Suspense fallback={<PageSpinner />}>
    <SignedInApp />
  </Suspense>
);

/** The route table of the spec. */
export function AppRoutes() {
  const [location] = useLocation();

  if (isSignedInPath(location)) return signedIn;

  if (isAuthPath(location)) {
    return (
      // The layout is its own chunk (fetched with the page, see auth-pages.ts).
      <Suspense fallback={<PageSpinner />}>
        <AuthLayout>
          <Suspense fallback={<PageSpinner />}>
            <AuthRoutes />
            <PageReady />
          </Suspense>
        </AuthLayout>
      </Suspense>
    );
  }

  return (
    <PublicLayout>
      <Suspense fallback={<PageSpinner />}>
        <PublicRoutes />
        <PageReady />
      </Suspense>
    </PublicLayout>
  );
}

function AuthRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <AuthPage mode="login" />
      </Route>
      <Route path="/register">
        <AuthPage mode="register" />
      </Route>
      <Route path="/forgot-password">
        <AuthPage mode="forgot-password" />
      </Route>
      <Route path="/reset-password/:token">{(params) => <AuthPage mode="reset-password" token={params.token} />}</Route>
      {/* /reset-password with no token sends the user to /forgot-password. */}
      <Route path={/^\/reset-password\/?$/}>
        <Redirect to="/forgot-password" replace />
      </Route>
      <Route path="/verify-email/:token">{(params) => <VerifyEmailPage token={params.token} />}</Route>
      <Route path="/invite/:token">{(params) => <AcceptInvitationPage token={params.token} />}</Route>
      <Route path="/terms">
        <TermsPage />
      </Route>
      <Route path="/privacy">
        <PrivacyPage />
      </Route>
      {/* Only /verify-email without a token is left here (see isAuthPath). */}
      <Route>
        <VerifyEmailPage />
      </Route>
    </Switch>
  );
}

function PublicRoutes() {
  return (
    <Switch>
      {PUBLIC_PAGES.map(({ path, page: Page }) => (
        <Route key={path} path={path}>
          <Page />
        </Route>
      ))}
      {/* /, /landing and any other path show the landing page. */}
      <Route>
        <LandingPage />
      </Route>
    </Switch>
  );
}
