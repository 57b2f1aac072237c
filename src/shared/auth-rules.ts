/**
 * Sign-in rules both sides apply, with the spec's exact messages. The server
 * checks them again; the client checks them first so the user sees the message at once.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 128;
export const REMEMBER_ME_DAYS = 30;

export const authMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordWeak: 'Password must include uppercase, lowercase, number, and special character',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  acceptTerms: 'You must accept the terms and conditions',
  resetTokenMissing: 'Invalid or missing reset token.',
  verifyTokenMissing: 'Invalid or missing verification token.',
  resendNeedsLogin: 'You must be logged in to resend verification email.',
  forgotSuccess: 'Password reset instructions have been sent to your email address.',
  resetSuccess: 'Your password has been successfully reset.',
  resendSuccess: 'A new verification email has been sent to your email address.',
} as const;

// The spec's rule: one of each, the special character from @$!%*?&.
const HAS_LOWER = /[a-z]/;
const HAS_UPPER = /[A-Z]/;
const HAS_DIGIT = /\d/;
const HAS_SPECIAL = /[@$!%*?&]/;

/** The first rule a new password breaks, or null. Empty is reported as required. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return authMessages.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  if (![HAS_LOWER, HAS_UPPER, HAS_DIGIT, HAS_SPECIAL].every((re) => re.test(password)))
    return authMessages.passwordWeak;
  return null;
}
