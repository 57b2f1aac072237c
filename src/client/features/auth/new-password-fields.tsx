import { TextField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/api';
import { PASSWORD_HINT } from '@/lib/auth/password-hint';

type Name = 'password' | 'confirmPassword';

/** A new password with the rules as its hint, and its confirmation (register and reset). */
export function NewPasswordFields(props: {
  idPrefix: string;
  values: Record<Name, string>;
  errors: FieldErrors;
  onChange: (name: Name, value: string) => void;
}) {
  const field = (name: Name, label: string, hint?: string) => (
    <TextField
      id={`${props.idPrefix}-${name}`}
      label={label}
      password
      autoComplete="new-password"
      hint={hint}
      value={props.values[name]}
      onChange={(e) => props.onChange(name, e.target.value)}
      error={props.errors[name]}
    />
  );
  return (
    <>
      {field('password', 'Password', PASSWORD_HINT)}
      {field('confirmPassword', 'Confirm password')}
    </>
  );
}
