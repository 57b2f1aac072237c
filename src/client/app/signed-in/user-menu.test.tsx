import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The header shows a plain button until the account menu is first pressed; the menu's own chunk
// (Radix's dropdown) then replaces it, already open (decision 014). These guard the hand-over.
describe('account menu', () => {
  it('opens from the keyboard on the first press and gives focus back to its button when closed', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const button = screen.getByRole('button', { name: 'Account menu for Dana Brooks' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    // (The open menu hides the rest of the page from assistive technology.)
    expect(screen.getByRole('button', { name: 'Account menu for Dana Brooks', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const real = screen.getByRole('button', { name: 'Account menu for Dana Brooks' });
    await waitFor(() => expect(real).toHaveFocus());
  });

  it('opens and closes again on later presses, once the real menu has taken over', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Account menu for Dana Brooks' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Account menu for Dana Brooks' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings?tab=profile');
  });

  it("has the spec's alternate items: Chat with Felix opens Felix over the page, AI Coach goes to the coach", async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/leads');
    await screen.findByRole('heading', { level: 1, name: 'Leads' });
    expect(screen.queryByRole('dialog', { name: 'Felix' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Account menu for Dana Brooks' }));
    expect(await screen.findByRole('menuitem', { name: 'AI Coach' })).toHaveAttribute('href', '/ai-coach');
    await user.click(screen.getByRole('menuitem', { name: 'Chat with Felix' }));
    const felix = await screen.findByRole('dialog', { name: 'Felix' });
    // Over the page the owner was on, ready to type.
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    await waitFor(() => expect(felix.querySelector('textarea')).toHaveFocus());
  });
});
