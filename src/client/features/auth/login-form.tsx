import { useId, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { authMessages, REMEMBER_ME_DAYS } from '@shared/auth-rules';
import { authFallbacks, useLogin } from '@/lib/auth/auth-api';
import { AUTH_MODES, RESET_SUCCESS_QUERY } from './auth-modes';
import { keepNext, nextPath } from './next-path';
import { errorMessage } from '@/lib/api';
import type { LoginValues } from './auth-validation';
import { AuthForm, withAuthChecks } from './auth-form';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, EMAIL_INPUT, TextField } from '@/components/ui/form-field';
import { SubmitButton } from './submit-button';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';

const FIELD_ORDER = ['email', 'password'] as const;

/** What /api/login's OpenID Connect sign-in reports back when it could not sign someone in. */
const SIGN_IN_PROVIDER_NOTICES = {
  'oidc-failed':
    "We couldn't sign you in with your identity provider. Please try again, or sign in with your email and password.",
  'oidc-email-unverified':
    "Your identity provider hasn't confirmed this email address, so we can't link it to your existing account. Sign in with your password instead.",
} as const;

export function LoginForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const search = useSearch();
  const notice = new URLSearchParams(search).get('message');
  // Own keys only: `in` would also find Object.prototype's (?message=__proto__).
  const providerNotice =
    notice && Object.hasOwn(SIGN_IN_PROVIDER_NOTICES, notice)
      ? SIGN_IN_PROVIDER_NOTICES[notice as keyof typeof SIGN_IN_PROVIDER_NOTICES]
      : null;
  const { values, setField, errors, setErrors } = useFormFields<LoginValues>({
    email: '',
    password: '',
    rememberMe: false,
  });
  const login = useLogin();
  const text = AUTH_MODES.login;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    withAuthChecks(setErrors, 'email', ({ checkLogin }) =>
      sendIfValid(checkLogin(values), { idPrefix: id, order: FIELD_ORDER, setErrors }, (data, onError) =>
        login.mutate(data, { onSuccess: () => navigate(nextPath(search)), onError }),
      ),
    );
  }

  return (
    <AuthForm label={text.title} onSubmit={onSubmit}>
      {notice === RESET_SUCCESS_QUERY && !login.isError ? (
        <FormAlert tone="success">{authMessages.resetSuccess}</FormAlert>
      ) : null}
      {providerNotice && !login.isError ? <FormAlert tone="error">{providerNotice}</FormAlert> : null}
      {login.isError ? <FormAlert tone="error">{errorMessage(login.error, authFallbacks.login)}</FormAlert> : null}
      <TextField
        id={`${id}-email`}
        {...EMAIL_INPUT}
        value={values.email}
        onChange={(e) => setField('email', e.target.value)}
        error={errors.email}
      />
      <TextField
        id={`${id}-password`}
        label="Password"
        password
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setField('password', e.target.value)}
        error={errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          id={`${id}-rememberMe`}
          label={`Remember me for ${REMEMBER_ME_DAYS} days`}
          checked={values.rememberMe}
          onChange={(e) => setField('rememberMe', e.target.checked)}
        />
        <Link href="/forgot-password" className="rounded-sm text-sm font-semibold text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton label={text.submitLabel} loadingLabel={text.loadingLabel} pending={login.isPending} />
      <p className="text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <Link href={keepNext('/register', search)} className="rounded-sm font-semibold text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthForm>
  );
}
