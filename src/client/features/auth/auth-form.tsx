import type { FormEvent, ReactNode } from 'react';
import type { FieldErrors } from '@/lib/api';

/**
 * The sign-in forms' checks with the shared schemas (zod, ~23 KB compressed), fetched when a form
 * is first focused or sent rather than with the page: the sign-in pages paint and come alive
 * without them, and they are in long before the first field is filled in.
 */
const authChecks = () => import('./auth-validation');

/** Starts fetching the checks (a form's first focus); a failure shows when the form is sent. */
const prefetchAuthChecks = () => void authChecks().catch(() => undefined);

/**
 * Runs `send` with the checks once they are in; when they cannot be fetched (the network went),
 * says so under `field` instead of sending nothing without a word.
 */
export function withAuthChecks(
  setErrors: (errors: FieldErrors) => void,
  field: string,
  send: (checks: Awaited<ReturnType<typeof authChecks>>) => void,
): void {
  authChecks().then(send, () =>
    setErrors({ [field]: 'Could not reach the server. Check your connection and try again.' }),
  );
}

/**
 * A sign-in screen's form. POST: the form the server drew (entry-public.tsx), sent before the
 * scripts have taken it over, never puts a password or an address in a URL (the browser's
 * history, a server's log). Its first focus fetches the checks.
 */
export function AuthForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      aria-label={label}
      onSubmit={onSubmit}
      onFocus={prefetchAuthChecks}
      className="space-y-5"
    >
      {children}
    </form>
  );
}
