import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionBatch } from '@shared/schemas/coach';
import { json, mockApi } from '@/test-utils/render-app';
import { useEngagementTracker } from './use-engagement-tracker';

// Time on the app counts only while its tab is visible (decision 013): the seconds sent are the
// visible stretches, never the time the tab spent hidden.

let state: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  state = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

function setVisibility(next: DocumentVisibilityState) {
  state = next;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('the engagement tracker', () => {
  it('sends the visible time when the tab hides, and does not count the time it stayed hidden', async () => {
    const batches: TSessionBatch[] = [];
    const fetchMock = mockApi({
      'POST /api/ai-coach/sessions': (init) => {
        batches.push(JSON.parse(String(init?.body)) as TSessionBatch);
        return json(200, { ok: true });
      },
    });
    const { unmount } = renderHook(() => useEngagementTracker());

    act(() => vi.advanceTimersByTime(20_000));
    setVisibility('hidden');
    // Five minutes in another tab: the minute flushes have nothing to send.
    act(() => vi.advanceTimersByTime(300_000));
    setVisibility('visible');
    act(() => vi.advanceTimersByTime(10_000));
    unmount();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    expect(batches.map((b) => b.seconds)).toEqual([20, 10]);
    expect(batches[0]!.pages).toEqual(['/']);
  });
});
