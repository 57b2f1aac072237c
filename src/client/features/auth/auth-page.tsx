import { Link, Redirect, useSearch } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { hostBrand } from '@/lib/host-brand';
import { usePageMeta } from '@/lib/use-page-meta';
import { AUTH_MODES, type AuthMode } from './auth-modes';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { keepNext, nextPath } from './next-path';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { useAuth } from '@/lib/auth/use-auth';

export type { AuthMode } from './auth-modes';

/**
 * The auth form's four modes. Each mode mounts its own form, so everything typed
 * and every message resets when the mode changes. A signed-in user on login or register goes
 * straight to the dashboard (or to its `?next=` page).
 */
export default function AuthPage({ mode, token }: { mode: AuthMode; token?: string }) {
  const { title, subtitle } = AUTH_MODES[mode];
  const { isAuthenticated } = useAuth();
  const search = useSearch();
  usePageMeta(`${title} · ${hostBrand()?.name ?? 'Fieldwise'}`, subtitle);

  if (isAuthenticated && (mode === 'login' || mode === 'register')) return <Redirect to={nextPath(search)} replace />;

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="pb-4">
        {mode === 'login' ? null : (
          <Link
            href={keepNext('/login', search)}
            className="-ml-1 mb-2 inline-flex w-fit items-center gap-1 rounded-sm px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to sign in
          </Link>
        )}
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <CardDescription className="text-center">{subtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        <ModeForm key={`${mode}:${token ?? ''}`} mode={mode} token={token} />
      </CardContent>
    </Card>
  );
}

function ModeForm({ mode, token }: { mode: AuthMode; token: string | undefined }) {
  switch (mode) {
    case 'login':
      return <LoginForm />;
    case 'register':
      return <RegisterForm />;
    case 'forgot-password':
      return <ForgotPasswordForm />;
    case 'reset-password':
      return <ResetPasswordForm token={token} />;
  }
}
