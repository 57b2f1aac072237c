import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { MailCheck, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { hasRole } from '@/lib/auth/roles';
import type { TRole as Role } from '@shared/schemas/auth';
import { useAuth } from '@/lib/auth/use-auth';

interface RouteGuardProps {
  children: ReactNode;
  /** Lowest role allowed in; default user. */
  requiredRole?: Role;
  requireVerifiedEmail?: boolean;
  /** Where an unauthenticated visitor is sent; default /login. */
  fallbackPath?: string;
}

export function RouteGuard({
  children,
  requiredRole = 'user',
  requireVerifiedEmail = false,
  fallbackPath = '/login',
}: RouteGuardProps) {
  const { user, isLoading, isAuthenticated } = useAuth();

  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!isAuthenticated || !user) return <Redirect to={fallbackPath} replace />;
  if (requireVerifiedEmail && !user.emailVerified) return <EmailVerificationRequired />;
  if (!hasRole(user.role, requiredRole)) return <AccessDenied requiredRole={requiredRole} />;
  return <>{children}</>;
}

function GuardMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100">{icon}</div>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function EmailVerificationRequired() {
  return (
    <GuardMessage
      icon={<MailCheck aria-hidden="true" className="size-6 text-brand-700" />}
      title="Email Verification Required"
    >
      <p className="mt-2 text-sm text-slate-600">
        Please verify your email address to open this page. Check your inbox for the verification link we sent you.
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        I've Verified My Email
      </Button>
    </GuardMessage>
  );
}

function AccessDenied({ requiredRole }: { requiredRole: Role }) {
  return (
    <GuardMessage icon={<ShieldAlert aria-hidden="true" className="size-6 text-red-700" />} title="Access Denied">
      <p className="mt-2 text-sm text-slate-600">
        You don't have sufficient permissions to access this page. Required role: {requiredRole}.
      </p>
      <Button asChild className="mt-6">
        <Link href="/dashboard">Go to Dashboard</Link>
      </Button>
    </GuardMessage>
  );
}
