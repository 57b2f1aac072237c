import { useId, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { authFallbacks, useRegister } from '@/lib/auth/auth-api';
import { AUTH_MODES } from './auth-modes';
import { nextPath } from './next-path';
import { errorMessage } from '@/lib/api';
import type { RegisterValues } from './auth-validation';
import { AuthForm, withAuthChecks } from './auth-form';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, EMAIL_INPUT, TextField } from '@/components/ui/form-field';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';

const FIELD_ORDER = [
  'firstName',
  'lastName',
  'businessName',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
] as const;

const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  businessName: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

const legalLink = 'rounded-sm font-semibold text-brand-700 underline-offset-2 hover:underline';

export function RegisterForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { values, setField, errors, setErrors } = useFormFields(EMPTY);
  const register = useRegister();
  const text = AUTH_MODES.register;
  const fieldId = (name: (typeof FIELD_ORDER)[number]) => `${id}-${name}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    withAuthChecks(setErrors, 'email', ({ checkRegister }) =>
      sendIfValid(checkRegister(values), { idPrefix: id, order: FIELD_ORDER, setErrors }, (data, onError) =>
        register.mutate(data, { onSuccess: () => navigate(nextPath(search)), onError }),
      ),
    );
  }

  return (
    <AuthForm label={text.title} onSubmit={onSubmit}>
      {register.isError ? (
        <FormAlert tone="error">{errorMessage(register.error, authFallbacks.register)}</FormAlert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={fieldId('firstName')}
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => setField('firstName', e.target.value)}
          error={errors.firstName}
        />
        <TextField
          id={fieldId('lastName')}
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => setField('lastName', e.target.value)}
          error={errors.lastName}
        />
      </div>
      <TextField
        id={fieldId('businessName')}
        label={
          <>
            Business name <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        autoComplete="organization"
        value={values.businessName}
        onChange={(e) => setField('businessName', e.target.value)}
        error={errors.businessName}
      />
      <TextField
        id={fieldId('email')}
        {...EMAIL_INPUT}
        value={values.email}
        onChange={(e) => setField('email', e.target.value)}
        error={errors.email}
      />
      <NewPasswordFields idPrefix={id} values={values} errors={errors} onChange={setField} />
      <CheckboxField
        id={fieldId('acceptTerms')}
        checked={values.acceptTerms}
        onChange={(e) => setField('acceptTerms', e.target.checked)}
        error={errors.acceptTerms}
        label={
          <>
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noreferrer" className={legalLink}>
              Terms of Service
            </a>{' '}
            and the{' '}
            <a href="/privacy" target="_blank" rel="noreferrer" className={legalLink}>
              Privacy Policy
            </a>
          </>
        }
      />
      <SubmitButton label={text.submitLabel} loadingLabel={text.loadingLabel} pending={register.isPending} />
    </AuthForm>
  );
}
