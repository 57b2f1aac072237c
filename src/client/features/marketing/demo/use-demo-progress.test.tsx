import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemoPlayer } from './demo-player';
import { useDemoProgress } from './use-demo-progress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useDemoProgress', () => {
  it('starts at 0, paused', () => {
    const { result } = renderHook(() => useDemoProgress());
    expect(result.current).toMatchObject({ progress: 0, playing: false, done: false });
    advance(1000);
    expect(result.current.progress).toBe(0);
  });

  it('adds 2 points every 100 ms while playing', () => {
    const { result } = renderHook(() => useDemoProgress());
    act(() => result.current.play());
    advance(99);
    expect(result.current.progress).toBe(0);
    advance(1);
    expect(result.current.progress).toBe(2);
    advance(900);
    expect(result.current.progress).toBe(20);
  });

  it('stops at 100 after 5 seconds and does not go further', () => {
    const { result } = renderHook(() => useDemoProgress());
    act(() => result.current.play());
    advance(4900);
    expect(result.current.progress).toBe(98);
    expect(result.current.playing).toBe(true);
    advance(100);
    expect(result.current).toMatchObject({ progress: 100, playing: false, done: true });
    advance(2000);
    expect(result.current.progress).toBe(100);
  });

  it('pauses and resumes where it left off', () => {
    const { result } = renderHook(() => useDemoProgress());
    act(() => result.current.toggle());
    advance(500);
    act(() => result.current.toggle());
    expect(result.current).toMatchObject({ progress: 10, playing: false });
    advance(1000);
    expect(result.current.progress).toBe(10);
    act(() => result.current.toggle());
    advance(200);
    expect(result.current.progress).toBe(14);
  });

  it('reset returns to 0 and stops', () => {
    const { result } = renderHook(() => useDemoProgress());
    act(() => result.current.play());
    advance(1200);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ progress: 0, playing: false, done: false });
    advance(1000);
    expect(result.current.progress).toBe(0);
  });

  it('play after the end starts again from 0', () => {
    const { result } = renderHook(() => useDemoProgress());
    act(() => result.current.play());
    advance(6000);
    expect(result.current.done).toBe(true);
    act(() => result.current.play());
    expect(result.current).toMatchObject({ progress: 0, playing: true });
    advance(100);
    expect(result.current.progress).toBe(2);
  });

  it('clears its timer on unmount', () => {
    const { result, unmount } = renderHook(() => useDemoProgress());
    act(() => result.current.play());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('DemoPlayer', () => {
  it('plays, pauses and resets with its buttons and reports progress on the progress bar', () => {
    render(<DemoPlayer title="Smart Lead Management" screen={(p) => <p>screen at {p}</p>} />);
    const bar = screen.getByRole('progressbar', { name: 'Smart Lead Management demo progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    act(() => screen.getByRole('button', { name: 'Play' }).click());
    advance(1000);
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('screen at 20')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Pause' }).click());
    advance(1000);
    expect(bar).toHaveAttribute('aria-valuenow', '20');

    act(() => screen.getByRole('button', { name: 'Play' }).click());
    advance(5000);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Replay' })).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Reset' }).click());
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });
});
