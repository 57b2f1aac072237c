import { Link, Redirect } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { BeingBuilt } from '@/features/shell/being-built';
import { usePageMeta } from '@/lib/use-page-meta';
import { useAuth } from './use-auth';

export type AuthMode = 'login' | 'register' | 'forgot-password' | 'reset-password' | 'verify-email';

const MODES: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: 'Sign in', subtitle: 'Welcome back. Sign in to your Fieldwise account.' },
  register: { title: 'Create your account', subtitle: 'Start your free 14-day trial. No setup fees, cancel anytime.' },
  'forgot-password': { title: 'Reset your password', subtitle: "Enter your email and we'll send you a reset link." },
  'reset-password': { title: 'Choose a new password', subtitle: 'Set a new password for your account.' },
  'verify-email': { title: 'Verify your email', subtitle: 'Confirming your email address.' },
};

/**
 * Placeholder for the sign-in screens until the auth issue lands. An authenticated user on
 * login or register goes straight to the dashboard (spec-1 §2).
 */
export default function AuthPage({ mode, token }: { mode: AuthMode; token?: string }) {
  const { title, subtitle } = MODES[mode];
  const { isAuthenticated } = useAuth();
  usePageMeta(`${title} · Fieldwise`, subtitle);

  if (isAuthenticated && (mode === 'login' || mode === 'register')) return <Redirect to="/dashboard" replace />;

  const missingVerifyToken = mode === 'verify-email' && !token;

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <CardDescription>{subtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        {missingVerifyToken ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-800">
            Invalid or missing verification token.
          </p>
        ) : (
          <BeingBuilt area="Sign-in" className="py-8" />
        )}
        {mode === 'login' ? null : (
          <p className="mt-6 text-center text-sm">
            <Link href="/login" className="font-semibold text-brand-700 hover:underline">
              Back to sign in
            </Link>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
