import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/query-keys';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedOut = { '/api/auth/user': () => json(401, { message: 'Not authenticated' }) };

function deferred() {
  let resolve!: (res: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function bodyOf(fetchMock: ReturnType<typeof mockApi>, call: string): unknown {
  const index = calledPaths(fetchMock).indexOf(call);
  const init = fetchMock.mock.calls[index]?.[1];
  return JSON.parse(String(init?.body));
}

async function openForm(path: string, title: string) {
  const app = renderApp(path);
  const form = await screen.findByRole('form', { name: title });
  return { app, form };
}

describe('auth form modes', () => {
  it.each([
    ['/login', 'Sign in', 'Sign In'],
    ['/register', 'Create your account', 'Create Account'],
    ['/forgot-password', 'Reset your password', 'Send Reset Link'],
    ['/reset-password/tok123', 'Choose a new password', 'Update Password'],
  ])('%s has its title, subtitle and submit label', async (path, title, submit) => {
    mockApi(signedOut);
    const { form } = await openForm(path, title);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: submit })).toHaveAttribute('type', 'submit');
    await waitFor(() => expect(document.title).toBe(`${title} · Fieldwise`));

    const back = screen.queryByRole('link', { name: 'Back to sign in' });
    if (path === '/login') expect(back).not.toBeInTheDocument();
    else expect(back).toHaveAttribute('href', '/login');
  });

  it('offers remember me for 30 days, a forgot-password link and a sign-up link on login', async () => {
    mockApi(signedOut);
    const { form } = await openForm('/login', 'Sign in');
    expect(within(form).getByRole('checkbox', { name: 'Remember me for 30 days' })).not.toBeChecked();
    expect(within(form).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(within(form).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(within(form).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('lets the user show and hide the password', async () => {
    const user = userEvent.setup();
    mockApi(signedOut);
    const { form } = await openForm('/login', 'Sign in');
    await user.click(within(form).getByRole('button', { name: 'Show password' }));
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(within(form).getByRole('button', { name: 'Hide password' }));
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('asks for names, an optional business, new passwords and the terms on register, with links to /terms and /privacy', async () => {
    mockApi(signedOut);
    const { form } = await openForm('/register', 'Create your account');
    for (const label of [
      'First name',
      'Last name',
      'Business name (optional)',
      'Email',
      'Password',
      'Confirm password',
    ]) {
      expect(within(form).getByLabelText(label), label).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(form).getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    expect(
      within(form).getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Policy/ }),
    ).not.toBeChecked();
    expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('resets what was typed when the mode changes', async () => {
    const user = userEvent.setup();
    mockApi(signedOut);
    const { form } = await openForm('/login', 'Sign in');
    await user.type(within(form).getByLabelText('Email'), 'dana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(await within(form).findByText('Password is required')).toBeInTheDocument();

    await user.click(within(form).getByRole('link', { name: 'Sign up' }));
    const register = await screen.findByRole('form', { name: 'Create your account' });
    expect(within(register).getByLabelText('Email')).toHaveValue('');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));

    const login = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(login).getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });
});

describe('auth form validation', () => {
  it('reports a missing email and password on login, marks and describes the fields, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(signedOut);
    const { form } = await openForm('/login', 'Sign in');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));

    const email = within(form).getByLabelText('Email');
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveFocus();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/auth/login');
  });

  it('clears only the edited field\u2019s error, then checks the email format', async () => {
    const user = userEvent.setup();
    mockApi(signedOut);
    const { form } = await openForm('/login', 'Sign in');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    await user.type(within(form).getByLabelText('Email'), 'dana');

    expect(within(form).queryByText('Email is required')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByText('Password is required')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('reports every register rule', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(signedOut);
    const { form } = await openForm('/register', 'Create your account');
    const submit = within(form).getByRole('button', { name: 'Create Account' });
    await user.click(submit);
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'You must accept the terms and conditions',
    ]) {
      expect(within(form).getByText(message), message).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('First name')).toHaveFocus();
    expect(within(form).getByRole('checkbox')).toHaveAccessibleDescription('You must accept the terms and conditions');

    const password = within(form).getByLabelText('Password');
    await user.type(password, 'Short1!');
    await user.click(submit);
    expect(within(form).getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'longenough1');
    await user.click(submit);
    expect(
      within(form).getByText('Password must include uppercase, lowercase, number, and special character'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox'));
    expect(within(form).queryByText('You must accept the terms and conditions')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('First name'), 'Dana');
    expect(within(form).queryByText('First name is required')).not.toBeInTheDocument();
    expect(within(form).getByText('Last name is required')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/auth/register');
  });

  it('reports a missing email on forgot-password', async () => {
    const user = userEvent.setup();
    mockApi(signedOut);
    const { form } = await openForm('/forgot-password', 'Reset your password');
    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('checks the new password and its confirmation on reset', async () => {
    const user = userEvent.setup();
    mockApi(signedOut);
    const { form } = await openForm('/reset-password/tok123', 'Choose a new password');
    const submit = within(form).getByRole('button', { name: 'Update Password' });
    await user.click(submit);
    expect(within(form).getByText('Password is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Password'), 'abc');
    expect(within(form).queryByText('Password is required')).not.toBeInTheDocument();
    await user.click(submit);
    expect(within(form).getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(within(form).getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(form).getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
  });
});

describe('auth form calls', () => {
  it.each([
    ['/login', 'Sign in', 'POST /api/auth/login', 'Signing In...'],
    ['/register', 'Create your account', 'POST /api/auth/register', 'Creating Account...'],
    ['/forgot-password', 'Reset your password', 'POST /api/auth/forgot-password', 'Sending Email...'],
    ['/reset-password/tok123', 'Choose a new password', 'POST /api/auth/reset-password', 'Updating Password...'],
  ])('%s shows its loading label while the call is pending', async (path, title, call, loading) => {
    const user = userEvent.setup();
    const pending = deferred();
    mockApi({ ...signedOut, [call]: () => pending.promise });
    const { form } = await openForm(path, title);
    await fillValid(user, form, path);
    await user.click(
      within(form).getByRole('button', { name: /Sign In|Create Account|Send Reset Link|Update Password/ }),
    );

    const button = await within(form).findByRole('button', { name: loading });
    expect(button).toBeDisabled();
    pending.resolve(json(500, {}));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign in', 'POST /api/auth/login', 'Login failed. Please try again.'],
    ['/register', 'Create your account', 'POST /api/auth/register', 'Registration failed. Please try again.'],
    [
      '/forgot-password',
      'Reset your password',
      'POST /api/auth/forgot-password',
      'Failed to send reset email. Please try again.',
    ],
    [
      '/reset-password/tok123',
      'Choose a new password',
      'POST /api/auth/reset-password',
      'Failed to reset password. Please try again.',
    ],
  ])('%s falls back to the spec text when the server sends no message', async (path, title, call, fallback) => {
    const user = userEvent.setup();
    mockApi({ ...signedOut, [call]: () => new Response('Bad gateway', { status: 502 }) });
    const { form } = await openForm(path, title);
    await fillValid(user, form, path);
    await user.click(
      within(form).getByRole('button', { name: /Sign In|Create Account|Send Reset Link|Update Password/ }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(fallback);
  });

  it('shows the server message on a failed sign-in and keeps what was typed', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedOut,
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password.' }),
    });
    const app = (await openForm('/login', 'Sign in')).app;
    const form = screen.getByRole('form', { name: 'Sign in' });
    await user.type(within(form).getByLabelText('Email'), 'Dana@Example.com');
    await user.type(within(form).getByLabelText('Password'), 'wrong-password');
    await user.click(within(form).getByRole('checkbox', { name: 'Remember me for 30 days' }));
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(within(form).getByLabelText('Email')).toHaveValue('Dana@Example.com');
    expect(within(form).getByLabelText('Password')).toHaveValue('wrong-password');
    expect(within(form).getByRole('checkbox', { name: 'Remember me for 30 days' })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(app.currentPath()).toBe('/login');
    expect(bodyOf(fetchMock, 'POST /api/auth/login')).toEqual({
      email: 'dana@example.com',
      password: 'wrong-password',
      rememberMe: true,
    });
  });

  it('puts the server\u2019s per-field messages under their fields', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedOut,
      'POST /api/auth/register': () =>
        json(400, {
          message: 'email: An account with this email already exists.',
          code: 'validation',
          fields: { email: 'An account with this email already exists.' },
        }),
    });
    const { form } = await openForm('/register', 'Create your account');
    await fillValid(user, form, '/register');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    await within(form).findByRole('alert');
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this email already exists.');
    expect(within(form).getByLabelText('First name')).toHaveValue('Dana');
  });

  it('stores the user and goes to /dashboard after signing in, without asking for the user again', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ ...signedOut, 'POST /api/auth/login': () => json(200, demoUser) });
    const { app, form } = await openForm('/login', 'Sign in');
    await fillValid(user, form, '/login');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Your marketing performance overview')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(app.queryClient.getQueryData(authKeys.user())).toEqual(demoUser);
    expect(calledPaths(fetchMock).filter((p) => p === 'GET /api/auth/user')).toHaveLength(1);
  });

  it('creates the account, sends the business name only when given, and goes to /dashboard', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedOut,
      'POST /api/auth/register': () => json(201, { ...demoUser, emailVerified: false }),
    });
    const { app, form } = await openForm('/register', 'Create your account');
    await fillValid(user, form, '/register');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Your marketing performance overview')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(bodyOf(fetchMock, 'POST /api/auth/register')).toEqual({
      email: 'dana@example.com',
      password: 'Furnace@2024',
      firstName: 'Dana',
      lastName: 'Brooks',
    });
  });

  it('sends the business name when one is given', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedOut,
      'POST /api/auth/register': () => json(201, { ...demoUser, emailVerified: false }),
    });
    const { form } = await openForm('/register', 'Create your account');
    await fillValid(user, form, '/register');
    await user.type(within(form).getByLabelText('Business name (optional)'), 'Brooks Heating & Air');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    await screen.findByText('Your marketing performance overview');
    expect(bodyOf(fetchMock, 'POST /api/auth/register')).toMatchObject({ businessName: 'Brooks Heating & Air' });
  });

  it('confirms a reset email was sent', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedOut,
      'POST /api/auth/forgot-password': () =>
        json(200, { message: 'Password reset instructions have been sent to your email address.' }),
    });
    const { form } = await openForm('/forgot-password', 'Reset your password');
    await fillValid(user, form, '/forgot-password');
    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset instructions have been sent to your email address.',
    );
    expect(bodyOf(fetchMock, 'POST /api/auth/forgot-password')).toEqual({ email: 'dana@example.com' });
  });

  it('goes to /login?message=password-reset-success after a reset, and the sign-in page says so', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedOut,
      'POST /api/auth/reset-password': () => json(200, { message: 'Password updated.' }),
    });
    const { app, form } = await openForm('/reset-password/tok123', 'Choose a new password');
    await fillValid(user, form, '/reset-password/tok123');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));

    const login = await screen.findByRole('form', { name: 'Sign in' });
    expect(app.currentPath()).toBe('/login?message=password-reset-success');
    expect(within(login).getByRole('status')).toHaveTextContent('Your password has been successfully reset.');
    expect(bodyOf(fetchMock, 'POST /api/auth/reset-password')).toEqual({ token: 'tok123', password: 'Furnace@2024' });
  });

  it('shows the reset success text when /login is opened with the message query', async () => {
    mockApi(signedOut);
    const { form } = await openForm('/login?message=password-reset-success', 'Sign in');
    expect(within(form).getByRole('status')).toHaveTextContent('Your password has been successfully reset.');
  });

  it('explains a refused reset link and offers a new one', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedOut,
      'POST /api/auth/reset-password': () =>
        json(400, { message: 'This reset link is invalid or has expired.', code: 'bad_request' }),
    });
    const { form } = await openForm('/reset-password/old', 'Choose a new password');
    await fillValid(user, form, '/reset-password/old');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.');
    expect(within(alert).getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends a signed-in user on /login to /dashboard', async () => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    const app = renderApp('/login');
    expect(await screen.findByText('Your marketing performance overview')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
  });
});

async function fillValid(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, path: string) {
  const field = (label: string) => within(form).getByLabelText(label);
  if (path === '/login') {
    await user.type(field('Email'), 'dana@example.com');
    await user.type(field('Password'), 'anything');
  } else if (path === '/register') {
    await user.type(field('First name'), 'Dana');
    await user.type(field('Last name'), 'Brooks');
    await user.type(field('Email'), 'dana@example.com');
    await user.type(field('Password'), 'Furnace@2024');
    await user.type(field('Confirm password'), 'Furnace@2024');
    await user.click(within(form).getByRole('checkbox'));
  } else if (path === '/forgot-password') {
    await user.type(field('Email'), 'dana@example.com');
  } else {
    await user.type(field('Password'), 'Furnace@2024');
    await user.type(field('Confirm password'), 'Furnace@2024');
  }
}
