import { PASSWORD_MIN_LENGTH } from '@shared/auth-rules';

/** The rule shown under every new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters with uppercase, lowercase, number and special character (@$!%*?&).`;
