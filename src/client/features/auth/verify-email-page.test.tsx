import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { appAt, calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unverified = { ...demoUser, emailVerified: false };
const countOf = (fetchMock: ReturnType<typeof mockApi>, call: string) =>
  calledPaths(fetchMock).filter((p) => p === call).length;

describe('email verification page', () => {
  it('verifies, offers Go to Dashboard, re-fetches the user and moves to /dashboard after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let verified = false;
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, { ...demoUser, emailVerified: verified }),
      'POST /api/auth/verify-email': () => {
        verified = true;
        return json(200, { message: 'Your email address has been verified.' });
      },
    });
    const app = renderApp('/verify-email/tok1');

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(app.currentPath()).toBe('/verify-email/tok1');
    const post = fetchMock.mock.calls[calledPaths(fetchMock).indexOf('POST /api/auth/verify-email')];
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ token: 'tok1' });
    // The user is asked for again once the link is accepted.
    await waitFor(() =>
      expect(calledPaths(fetchMock).lastIndexOf('GET /api/auth/user')).toBeGreaterThan(
        calledPaths(fetchMock).indexOf('POST /api/auth/verify-email'),
      ),
    );

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(app.currentPath()).toBe('/verify-email/tok1');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByText('Your marketing performance overview')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
  });

  it('shows a loading state while verifying', async () => {
    mockApi({
      '/api/auth/user': () => json(401, {}),
      'POST /api/auth/verify-email': () => new Promise<Response>(() => {}),
    });
    renderApp('/verify-email/tok1');
    expect(await screen.findByText('Verifying your email address…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email');
  });

  it('offers a signed-in, unverified user a new link when verification fails', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, unverified),
      'POST /api/auth/verify-email': () => json(400, { message: 'This verification link is invalid or has expired.' }),
      'POST /api/auth/resend-verification': () => json(200, { message: 'Sent.' }),
    });
    renderApp('/verify-email/old');

    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new verification email has been sent to your email address.',
    );
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
    expect(countOf(fetchMock, 'POST /api/auth/resend-verification')).toBe(1);
  });

  it('says when the resend fails', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/auth/user': () => json(200, unverified),
      'POST /api/auth/verify-email': () => json(400, {}),
      'POST /api/auth/resend-verification': () => json(500, {}),
    });
    renderApp('/verify-email/old');

    expect(await screen.findByText('Email verification failed.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to resend verification email.')).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in back to sign in', async () => {
    mockApi({
      '/api/auth/user': () => json(401, {}),
      'POST /api/auth/verify-email': () => json(400, { message: 'This verification link has already been used.' }),
    });
    renderApp('/verify-email/used');

    expect(await screen.findByText('This verification link has already been used.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });

  it('explains a missing token without calling the server', async () => {
    const fetchMock = mockApi({ '/api/auth/user': () => json(401, {}) });
    renderApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or missing verification token.');
    expect(await screen.findByRole('link', { name: 'Back to Sign In' })).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/auth/verify-email');
  });

  it('posts the token once under StrictMode and after a remount', async () => {
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, unverified),
      'POST /api/auth/verify-email': () => json(200, { message: 'Verified.' }),
    });
    const queryClient = createQueryClient();
    const tree = () => <StrictMode>{appAt('/verify-email/once', queryClient)}</StrictMode>;
    const first = render(tree());
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    first.unmount();

    render(tree());
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(countOf(fetchMock, 'POST /api/auth/verify-email')).toBe(1);
  });
});
