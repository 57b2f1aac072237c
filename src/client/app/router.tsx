import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthLayout } from './auth-layout';
import { isAuthPath, isSignedInPath } from './paths';
import { PublicLayout } from './public-layout';

// Every page is its own chunk: a visitor to / never downloads the signed-in app.
const LandingPage = lazy(() => import('@/features/marketing/landing-page'));
const PlaceholderPage = lazy(() => import('@/features/marketing/placeholder-page'));
const AuthPage = lazy(() => import('@/features/auth/auth-page'));
const SignedInApp = lazy(() => import('./signed-in/signed-in-app'));

/** The route table of spec-1 §2. */
export function AppRoutes() {
  const [location] = useLocation();

  if (isSignedInPath(location)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SignedInApp />
      </Suspense>
    );
  }

  if (isAuthPath(location)) {
    return (
      <AuthLayout>
        <Suspense fallback={<PageSpinner />}>
          <AuthRoutes />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <PublicLayout>
      <Suspense fallback={<PageSpinner />}>
        <PublicRoutes />
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
      {/* /reset-password with no token: spec-1 §2 sends the user to /forgot-password. */}
      <Route path={/^\/reset-password\/?$/}>
        <Redirect to="/forgot-password" replace />
      </Route>
      <Route path="/verify-email/:token">{(params) => <AuthPage mode="verify-email" token={params.token} />}</Route>
      {/* Only /verify-email without a token is left here (see isAuthPath). */}
      <Route>
        <AuthPage mode="verify-email" />
      </Route>
    </Switch>
  );
}

function PublicRoutes() {
  return (
    <Switch>
      <Route path="/features">
        <PlaceholderPage page="features" />
      </Route>
      <Route path="/pricing">
        <PlaceholderPage page="pricing" />
      </Route>
      <Route path="/about">
        <PlaceholderPage page="about" />
      </Route>
      <Route path="/demo">
        <PlaceholderPage page="demo" />
      </Route>
      <Route path="/onboarding">
        <PlaceholderPage page="onboarding" />
      </Route>
      <Route path="/godaddy">
        <PlaceholderPage page="godaddy" />
      </Route>
      {/* /, /landing and any other path show the landing page. */}
      <Route>
        <LandingPage />
      </Route>
    </Switch>
  );
}
