import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '@/test-utils/render-app';

// Security review, finding 8: /login?message=__proto__ looked the notice up with `in`, which
// finds Object.prototype's keys, and rendered an object: the sign-in page crashed.
const signedOut = { '/api/auth/user': () => json(401, { message: 'Not authenticated' }) };

describe('the sign-in notice from the query string', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    '?message=%s shows the form and no notice',
    async (message) => {
      mockApi(signedOut);
      renderApp(`/login?message=${message}`);
      const form = await screen.findByRole('form', { name: 'Sign in' });
      expect(within(form).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('still shows a known notice', async () => {
    mockApi(signedOut);
    renderApp('/login?message=oidc-failed');
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByText(/We couldn't sign you in with your identity provider/)).toBeInTheDocument();
  });
});
