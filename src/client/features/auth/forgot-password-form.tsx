import { useId, type FormEvent } from 'react';
import { authMessages } from '@shared/auth-rules';
import { authFallbacks, useForgotPassword } from '@/lib/auth/auth-api';
import { AUTH_MODES } from './auth-modes';
import { errorMessage } from '@/lib/api';
import { AuthForm, withAuthChecks } from './auth-form';
import { FormAlert } from '@/components/form/form-alert';
import { EMAIL_INPUT, TextField } from '@/components/ui/form-field';
import { SubmitButton } from './submit-button';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';

export function ForgotPasswordForm() {
  const id = useId();
  const { values, setField, errors, setErrors } = useFormFields({ email: '' });
  const forgot = useForgotPassword();
  const text = AUTH_MODES['forgot-password'];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    withAuthChecks(setErrors, 'email', ({ checkForgotPassword }) =>
      sendIfValid(checkForgotPassword(values), { idPrefix: id, order: ['email'], setErrors }, (data, onError) =>
        forgot.mutate(data, { onError }),
      ),
    );
  }

  // The answer is the same whether or not the address has an account (no enumeration).
  if (forgot.isSuccess) return <FormAlert tone="success">{authMessages.forgotSuccess}</FormAlert>;

  return (
    <AuthForm label={text.title} onSubmit={onSubmit}>
      {forgot.isError ? (
        <FormAlert tone="error">{errorMessage(forgot.error, authFallbacks.forgotPassword)}</FormAlert>
      ) : null}
      <TextField
        id={`${id}-email`}
        {...EMAIL_INPUT}
        value={values.email}
        onChange={(e) => setField('email', e.target.value)}
        error={errors.email}
      />
      <SubmitButton label={text.submitLabel} loadingLabel={text.loadingLabel} pending={forgot.isPending} />
    </AuthForm>
  );
}
