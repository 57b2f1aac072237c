/** Sign-up and sign-in buttons on public pages are full navigations to this path. */
export const LOGIN_URL = '/api/login';

/** "Sign in" and "Log in" lead a returning owner to the sign-in form, never to sign-up. */
export const SIGN_IN_URL = '/login';
