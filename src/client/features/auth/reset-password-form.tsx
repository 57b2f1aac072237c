import { useId, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { authMessages } from '@shared/auth-rules';
import { authFallbacks, useResetPassword } from '@/lib/auth/auth-api';
import { AUTH_MODES, RESET_SUCCESS_QUERY } from './auth-modes';
import { ApiError, errorMessage, fieldErrorsOf } from '@/lib/api';
import { checkNewPassword } from '@/lib/auth/password-checks';
import { FormAlert } from '@/components/form/form-alert';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';

const FIELD_ORDER = ['password', 'confirmPassword'] as const;

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const id = useId();
  const [, navigate] = useLocation();
  const { values, setField, errors, setErrors } = useFormFields({ password: '', confirmPassword: '' });
  const reset = useResetPassword();
  const text = AUTH_MODES['reset-password'];
  // A 400 without field messages is a refused link (invalid, expired or used), not a weak password.
  const tokenRefused =
    reset.error instanceof ApiError &&
    reset.error.status === 400 &&
    Object.keys(fieldErrorsOf(reset.error)).length === 0;

  if (!token) {
    return (
      <FormAlert tone="error">
        {authMessages.resetTokenMissing}{' '}
        <Link href="/forgot-password" className="font-semibold underline">
          Request a new reset link
        </Link>
      </FormAlert>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || !token) return;
    sendIfValid(checkNewPassword(values), { idPrefix: id, order: FIELD_ORDER, setErrors }, ({ password }, onError) =>
      reset.mutate(
        { token, password },
        { onSuccess: () => navigate(`/login?message=${RESET_SUCCESS_QUERY}`), onError },
      ),
    );
  }

  return (
    <form noValidate aria-label={text.title} onSubmit={onSubmit} className="space-y-5">
      {reset.isError ? (
        <FormAlert tone="error">
          {errorMessage(reset.error, authFallbacks.resetPassword)}{' '}
          {tokenRefused ? (
            <Link href="/forgot-password" className="font-semibold underline">
              Request a new reset link
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      <NewPasswordFields idPrefix={id} values={values} errors={errors} onChange={setField} />
      <SubmitButton label={text.submitLabel} loadingLabel={text.loadingLabel} pending={reset.isPending} />
    </form>
  );
}
