import { useId, type FormEvent } from 'react';
import type { TAuthUser } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { authFallbacks, useUpdateProfile } from '@/lib/auth/auth-api';
import { errorMessage } from '@/lib/api';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/ui/form-field';
import { checkSchema } from '@/components/form/check-schema';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';
import { SettingsCard } from '@/components/config-form/settings-card';

const EMAIL_NOTE = 'Email address cannot be changed. Contact support if needed.';

/** Editable first and last name, and the read-only email. */
export function ProfileDetailsCard({ user }: { user: TAuthUser }) {
  const id = useId();
  const { values, setField, errors, setErrors } = useFormFields({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  });
  const update = useUpdateProfile();

  function edit(name: 'firstName' | 'lastName', value: string) {
    if (!update.isPending) update.reset();
    setField(name, value);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    // The schema (and zod) loads on the first save, not with the page.
    const { ZProfileUpdateRequest } = await import('@shared/schemas/auth');
    sendIfValid(
      checkSchema(ZProfileUpdateRequest, values),
      { idPrefix: id, order: ['firstName', 'lastName'], setErrors },
      (data, onError) => update.mutate(data, { onError }),
    );
  }

  return (
    <SettingsCard
      id={`${id}-title`}
      title="Profile information"
      description="Your name as your team and your customers see it."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={`${id}-firstName`}
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => edit('firstName', e.target.value)}
            error={errors.firstName}
          />
          <TextField
            id={`${id}-lastName`}
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => edit('lastName', e.target.value)}
            error={errors.lastName}
          />
        </div>
        <TextField
          id={`${id}-email`}
          label="Email address"
          type="email"
          value={user.email}
          readOnly
          aria-readonly="true"
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
          hint={EMAIL_NOTE}
        />
        {update.isSuccess ? <FormAlert tone="success">Profile updated successfully!</FormAlert> : null}
        {update.isError ? (
          <FormAlert tone="error">{errorMessage(update.error, authFallbacks.updateProfile)}</FormAlert>
        ) : null}
        <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </SettingsCard>
  );
}
