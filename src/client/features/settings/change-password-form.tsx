import { useId, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { authFallbacks, useChangePassword } from '@/lib/auth/auth-api';
import { errorMessage } from '@/lib/api';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/ui/form-field';
import { PASSWORD_HINT } from '@/lib/auth/password-hint';
import { checkChangePassword } from '@/lib/auth/password-checks';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';
import { SettingsCard } from '@/components/config-form/settings-card';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELD_ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change password: submit waits for the current and new password; success clears the form. */
export function ChangePasswordForm() {
  const id = useId();
  const { values, setValues, setField, errors, setErrors } = useFormFields(EMPTY);
  const change = useChangePassword();
  const canSubmit = values.currentPassword !== '' && values.newPassword !== '' && !change.isPending;

  function edit(name: keyof typeof EMPTY, value: string) {
    if (!change.isPending) change.reset();
    setField(name, value);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    sendIfValid(checkChangePassword(values), { idPrefix: id, order: FIELD_ORDER, setErrors }, (data, onError) =>
      change.mutate(data, { onSuccess: () => setValues(EMPTY), onError }),
    );
  }

  return (
    <SettingsCard id={`${id}-title`} title="Change password">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          id={`${id}-currentPassword`}
          label="Current password"
          password
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => edit('currentPassword', e.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          id={`${id}-newPassword`}
          label="New password"
          password
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={values.newPassword}
          onChange={(e) => edit('newPassword', e.target.value)}
          error={errors.newPassword}
        />
        <TextField
          id={`${id}-confirmPassword`}
          label="Confirm new password"
          password
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => edit('confirmPassword', e.target.value)}
          error={errors.confirmPassword}
        />
        {change.isSuccess ? <FormAlert tone="success">Password changed successfully!</FormAlert> : null}
        {change.isError ? (
          <FormAlert tone="error">{errorMessage(change.error, authFallbacks.changePassword)}</FormAlert>
        ) : null}
        <Button type="submit" disabled={!canSubmit} className="w-full sm:w-auto">
          {change.isPending ? 'Changing Password...' : 'Change Password'}
        </Button>
      </form>
    </SettingsCard>
  );
}
