export type AuthMode = 'login' | 'register' | 'forgot-password' | 'reset-password';

interface AuthModeText {
  title: string;
  subtitle: string;
  submitLabel: string;
  /** The submit label while the call is pending. */
  loadingLabel: string;
}

export const AUTH_MODES: Record<AuthMode, AuthModeText> = {
  login: {
    title: 'Sign in',
    subtitle: 'Welcome back. Sign in to your Fieldwise account.',
    submitLabel: 'Sign In',
    loadingLabel: 'Signing In...',
  },
  register: {
    title: 'Create your account',
    subtitle: 'Start your free 14-day trial. No setup fees, cancel anytime.',
    submitLabel: 'Create Account',
    loadingLabel: 'Creating Account...',
  },
  'forgot-password': {
    title: 'Reset your password',
    subtitle: "Enter your email and we'll send you a reset link.",
    submitLabel: 'Send Reset Link',
    loadingLabel: 'Sending Email...',
  },
  'reset-password': {
    title: 'Choose a new password',
    subtitle: 'Set a new password for your account.',
    submitLabel: 'Update Password',
    loadingLabel: 'Updating Password...',
  },
};

/** The query /login carries after a successful reset. */
export const RESET_SUCCESS_QUERY = 'password-reset-success';
