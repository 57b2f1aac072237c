import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledPaths, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('legal pages', () => {
  it('shows the terms of service in the auth layout without calling the API', async () => {
    const fetchMock = mockApi({});
    renderApp('/terms');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    for (const heading of [
      'Your account',
      'Trial, plans and cancelling',
      'Your content stays yours',
      'AI-written content',
      'Fair use',
      'Ending the agreement',
    ]) {
      expect(within(main).getByRole('heading', { level: 2, name: new RegExp(heading) }), heading).toBeInTheDocument();
    }
    expect(within(main).getByText(/free 14-day trial/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await waitFor(() => expect(document.title).toBe('Terms of Service · Fieldwise'));
    expect(calledPaths(fetchMock)).toEqual([]);
  });

  it('says what is stored, that secrets are encrypted, that data is never sold, how to delete the account and whom to write to', async () => {
    mockApi({});
    renderApp('/privacy');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: /What we store/ })).toBeInTheDocument();
    expect(within(main).getByText(/encrypted before they are stored/)).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: /We do not sell your data/ })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: /Deleting your account/ })).toBeInTheDocument();
    const mail = within(main).getAllByRole('link', { name: 'support@fieldwise.app' });
    expect(mail[0]).toHaveAttribute('href', 'mailto:support@fieldwise.app');
  });
});
