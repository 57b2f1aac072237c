import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthLayout } from './auth-layout';
import { isAuthPath } from './paths';
import { PublicLayout } from './public-layout';
import { isSignedInPath } from './signed-in/routes';

// Every page is its own chunk: a visitor to / never downloads the signed-in app.
const LandingPage = lazy(() => import('@/features/marketing/landing-page'));
const OnboardingPage = lazy(() => import('@/features/onboarding/onboarding-page'));
const FeaturesPage = lazy(() => import('@/features/marketing/features-page'));
const PricingPage = lazy(() => import('@/features/marketing/pricing-page'));
const AboutPage = lazy(() => import('@/features/marketing/about-page'));
const DemoPage = lazy(() => import('@/features/marketing/demo-page'));
const AuthPage = lazy(() => import('@/features/auth/auth-page'));
const VerifyEmailPage = lazy(() => import('@/features/auth/verify-email-page'));
const TermsPage = lazy(() => import('@/features/legal/terms-page'));
const PrivacyPage = lazy(() => import('@/features/legal/privacy-page'));
const SignedInApp = lazy(() => import('./signed-in/signed-in-app'));
const AcceptInvitationPage = lazy(() => import('@/features/team/accept-invitation-page'));
const RegistrarPage = lazy(() => import('@/features/registrar/registrar-page'));

/** The route table of the spec. */
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
      <Route path="/features">
        <FeaturesPage />
      </Route>
      <Route path="/pricing">
        <PricingPage />
      </Route>
      <Route path="/about">
        <AboutPage />
      </Route>
      <Route path="/demo">
        <DemoPage />
      </Route>
      <Route path="/onboarding">
        <OnboardingPage />
      </Route>
      <Route path="/godaddy">
        <RegistrarPage />
      </Route>
      {/* /, /landing and any other path show the landing page. */}
      <Route>
        <LandingPage />
      </Route>
    </Switch>
  );
}
