import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/form/form-alert';
import { PASSWORD_HINT } from '@/lib/auth/password-hint';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { usePageMeta } from '@/lib/use-page-meta';
import { useAcceptInvitation, useInvitationPreview } from './team-api';

/**
 * /invite/:token, the link in an invitation mail. A new person names themselves and picks a
 * password; an existing account gives its password (or just accepts when already signed in as
 * it). Either way they land on the dashboard of the business that invited them.
 */
export default function AcceptInvitationPage({ token }: { token: string }) {
  usePageMeta('Join your team · Fieldwise', 'Accept an invitation to a business on Fieldwise.');
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ firstName: '', lastName: '', password: '' });
  const fields = fieldErrorsOf(accept.error);

  if (preview.isPending) {
    return (
      <Card className="w-full max-w-md">
        <CardContent className="flex justify-center p-8">
          <Spinner className="size-8" label="Opening the invitation" />
        </CardContent>
      </Card>
    );
  }
  if (preview.isError) {
    return (
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 p-6 sm:p-8">
          <h1 className="text-xl font-bold text-slate-900">Invitation not valid</h1>
          <FormAlert tone="error">{errorMessage(preview.error, 'This invitation could not be opened.')}</FormAlert>
          <Button asChild variant="outline">
            <Link href="/login">Go to sign in</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const inv = preview.data;
  const isNew = !inv.accountExists;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(isNew ? { token, ...form } : inv.signedInAsInvitee ? { token } : { token, password: form.password }, {
      onSuccess: () => navigate('/dashboard'),
    });
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Card className="w-full max-w-md">
      <CardContent className="p-6 sm:p-8">
        <div className="mb-5 flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Users aria-hidden="true" className="size-5" />
          </span>
          <h1 className="text-xl font-bold text-slate-900">Join {inv.businessName}</h1>
        </div>
        <p className="text-sm text-slate-700">
          {inv.invitedBy ? `${inv.invitedBy} invited you` : 'You were invited'} as {inv.role === 'admin' ? 'an' : 'a'}{' '}
          <strong className="font-semibold">{inv.role}</strong>. The invitation is for:
        </p>
        <p className="mt-1 text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{inv.email}</p>
        <form onSubmit={submit} className="mt-5 space-y-4" noValidate>
          {isNew ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  id="invite-first-name"
                  label="First name"
                  autoComplete="given-name"
                  value={form.firstName}
                  onChange={set('firstName')}
                  error={fields.firstName}
                />
                <TextField
                  id="invite-last-name"
                  label="Last name"
                  autoComplete="family-name"
                  value={form.lastName}
                  onChange={set('lastName')}
                  error={fields.lastName}
                />
              </div>
              <TextField
                id="invite-password"
                label="Choose a password"
                password
                autoComplete="new-password"
                value={form.password}
                onChange={set('password')}
                hint={PASSWORD_HINT}
                error={fields.password}
              />
            </>
          ) : inv.signedInAsInvitee ? (
            <p className="text-sm text-slate-600">You are signed in as this person.</p>
          ) : (
            <TextField
              id="invite-password"
              label="Your password"
              password
              autoComplete="current-password"
              value={form.password}
              onChange={set('password')}
              hint="You already have an account with this email."
              error={fields.password}
            />
          )}
          {accept.isError && !fields.password && !fields.firstName && !fields.lastName ? (
            <FormAlert tone="error">{errorMessage(accept.error, 'The invitation could not be accepted.')}</FormAlert>
          ) : null}
          <Button type="submit" className="w-full" disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : isNew ? 'Create account and join' : 'Accept and join'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
