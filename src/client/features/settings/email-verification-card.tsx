import { useId } from 'react';
import { MailCheck, MailWarning } from 'lucide-react';
import type { TAuthUser } from '@shared/schemas/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { authFallbacks, useResendVerification } from '@/lib/auth/auth-api';
import { errorMessage } from '@/lib/api';
import { FormAlert } from '@/components/form/form-alert';
import { SettingsCard } from '@/components/config-form/settings-card';

/** The email verification status, with a resend button while it is unverified. */
export function EmailVerificationCard({ user }: { user: TAuthUser }) {
  const id = useId();
  const resend = useResendVerification(authFallbacks.resendFromSettings);
  const Icon = user.emailVerified ? MailCheck : MailWarning;

  return (
    <SettingsCard id={`${id}-title`} title="Email verification">
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={
            user.emailVerified ? 'mt-0.5 size-5 shrink-0 text-emerald-700' : 'mt-0.5 size-5 shrink-0 text-amber-700'
          }
        />
        <div className="min-w-0 flex-1 space-y-2">
          <Badge variant={user.emailVerified ? 'success' : 'warning'}>
            {user.emailVerified ? 'Verified' : 'Not verified'}
          </Badge>
          <p className="text-sm text-slate-700">
            {user.emailVerified ? (
              <>
                <span className="font-medium break-all">{user.email}</span> has been verified.
              </>
            ) : (
              <>
                We sent a verification link to <span className="font-medium break-all">{user.email}</span>. Open it to
                verify your address.
              </>
            )}
          </p>
        </div>
      </div>
      {user.emailVerified ? null : (
        <div className="mt-4 space-y-3">
          {resend.isSuccess ? <FormAlert tone="success">Verification email sent!</FormAlert> : null}
          {resend.isError ? (
            <FormAlert tone="error">{errorMessage(resend.error, authFallbacks.resendFromSettings)}</FormAlert>
          ) : null}
          <Button
            variant="outline"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
            className="w-full sm:w-auto"
          >
            {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}
