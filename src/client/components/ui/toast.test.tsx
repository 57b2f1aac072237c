import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToasterHost } from './toaster-host';
import { resetToasts, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './use-toast';

// jsdom has no pointer capture; Radix Toast's swipe handling asks for it on pointer up.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
});

afterEach(() => {
  act(() => resetToasts());
});

describe('toasts', () => {
  it('uses the spec constants: one toast at a time, removed after 1,000,000 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('shows at most one toast: a new toast replaces the previous one', async () => {
    render(<ToasterHost />);
    act(() => {
      toast({ title: 'Profile updated successfully!' });
    });
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();

    act(() => {
      toast({
        title: 'Connection Issue',
        description: 'Using offline mode. Some features may be limited.',
        variant: 'destructive',
      });
    });
    expect(await screen.findByText('Connection Issue')).toBeInTheDocument();
    expect(screen.getByText('Using offline mode. Some features may be limited.')).toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('closes a toast with its close button', async () => {
    const user = userEvent.setup();
    render(<ToasterHost />);
    act(() => {
      toast({ title: 'Password changed successfully!' });
    });
    await screen.findByText('Password changed successfully!');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Password changed successfully!')).not.toBeInTheDocument();
  });
});
