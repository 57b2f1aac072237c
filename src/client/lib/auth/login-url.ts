/** Sign-up and sign-in buttons on public pages are full navigations to this path. */
export const LOGIN_URL = '/api/login';
