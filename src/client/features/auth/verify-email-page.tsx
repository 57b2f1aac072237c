import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { CircleCheck, CircleX } from 'lucide-react';
import { authMessages } from '@shared/auth-rules';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { authKeys } from '@/lib/query-keys';
import { usePageMeta } from '@/lib/use-page-meta';
import { authFallbacks, useResendVerification, verifyEmailToken } from '@/lib/auth/auth-api';
import { errorMessage } from '@/lib/api';
import { FormAlert } from '@/components/form/form-alert';
import { useAuth } from '@/lib/auth/use-auth';

/** The success screen moves on to the dashboard after 3 s. */
const VERIFY_REDIRECT_MS = 3000;

/**
 * /verify-email/:token. The token is POSTed through a query cached forever under
 * its own key: StrictMode's double effects, a remount or a second observer share the one
 * request, because the server refuses a link the second time.
 */
export default function VerifyEmailPage({ token }: { token?: string }) {
  usePageMeta('Verify your email · Fieldwise', 'Confirming your email address.');
  const queryClient = useQueryClient();
  // Known from the start, so the error state can offer a resend to a signed-in, unverified user.
  const auth = useAuth();
  const verify = useQuery({
    queryKey: authKeys.verifyEmail(token ?? ''),
    queryFn: async () => {
      const answer = await verifyEmailToken(token ?? '');
      // The user is now verified: ask for it again. A first load still in flight may
      // carry the old answer, and a refetch would only join it, so it is cancelled first.
      await queryClient.cancelQueries({ queryKey: authKeys.user() });
      void queryClient.invalidateQueries({ queryKey: authKeys.user(), refetchType: 'all' });
      return answer;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  let body;
  if (!token) body = <VerifyFailed auth={auth} message={authMessages.verifyTokenMissing} />;
  else if (verify.isPending) body = <Verifying />;
  else if (verify.isError)
    body = <VerifyFailed auth={auth} message={errorMessage(verify.error, authFallbacks.verifyEmail)} />;
  else body = <Verified />;

  return (
    <Card className="w-full max-w-md">
      <CardContent className="flex flex-col items-center p-6 text-center sm:p-8">{body}</CardContent>
    </Card>
  );
}

function Verifying() {
  return (
    <div className="flex flex-col items-center gap-4 py-6">
      <Spinner className="size-10" label="Verifying your email" />
      <h1 className="text-base font-medium text-slate-800">Verifying your email address…</h1>
    </div>
  );
}

function Verified() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/dashboard'), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div role="status" className="flex flex-col items-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-emerald-100">
        <CircleCheck aria-hidden="true" className="size-8 text-emerald-700" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Email verified</h1>
      <p className="mt-2 text-sm text-slate-600">
        Your email address has been verified. Taking you to your dashboard in a few seconds.
      </p>
      <Button asChild size="lg" className="mt-6 w-full sm:w-auto">
        <Link href="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}

function VerifyFailed({ auth: { user, isLoading }, message }: { auth: ReturnType<typeof useAuth>; message: string }) {
  const resend = useResendVerification(authFallbacks.resendFromVerifyPage);
  const canResend = user !== null && !user.emailVerified;

  return (
    <div className="flex w-full flex-col items-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-red-100">
        <CircleX aria-hidden="true" className="size-8 text-red-700" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Verification failed</h1>
      <p role="alert" className="mt-2 text-sm text-slate-700">
        {message}
      </p>
      {isLoading ? null : canResend ? (
        <div className="mt-6 flex w-full flex-col items-center gap-4">
          {resend.isSuccess ? <FormAlert tone="success">{authMessages.resendSuccess}</FormAlert> : null}
          {resend.isError ? (
            <FormAlert tone="error">{errorMessage(resend.error, authFallbacks.resendFromVerifyPage)}</FormAlert>
          ) : null}
          {resend.isSuccess ? null : (
            <Button size="lg" className="w-full sm:w-auto" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? 'Sending…' : 'Resend Verification Email'}
            </Button>
          )}
        </div>
      ) : (
        <Button asChild size="lg" variant="outline" className="mt-6 w-full sm:w-auto">
          <Link href="/login">Back to Sign In</Link>
        </Button>
      )}
    </div>
  );
}
