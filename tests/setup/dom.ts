import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a lazily loaded screen on a busy 2-core runner can
// take longer, and a timeout there would report load, not a defect. A real failure still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Files share a worker's globals (the client project runs with isolate: false): whatever a file
// stubbed or faked ends with it, so the next file starts on the real fetch and timers.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
