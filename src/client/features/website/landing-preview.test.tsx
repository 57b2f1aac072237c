import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPreview } from './landing-preview';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('landing page preview', () => {
  it('downloads the page as a named HTML file and releases the object URL a second later', () => {
    vi.useFakeTimers();
    // jsdom has no object URLs.
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:page'), revokeObjectURL: revoke });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    render(<LandingPreview html="<h1>Spring Tune-Up</h1>" title="Spring Tune-Up: 15% Off" />);

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(saved).toEqual(['spring-tune-up-15-off.html blob:page']);
    vi.advanceTimersByTime(999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:page');
  });
});
