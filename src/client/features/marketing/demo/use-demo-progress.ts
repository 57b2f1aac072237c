import { useCallback, useEffect, useState } from 'react';

/** Demo player: +2 points every 100 ms, so a full run takes 5 s; it stops at 100. */
export const DEMO_STEP = 2;
export const DEMO_TICK_MS = 100;
export const DEMO_MAX = 100;

interface DemoProgress {
  /** 0 to 100. */
  progress: number;
  playing: boolean;
  done: boolean;
  play(): void;
  pause(): void;
  toggle(): void;
  reset(): void;
}

export function useDemoProgress({ step = DEMO_STEP, tickMs = DEMO_TICK_MS, max = DEMO_MAX } = {}): DemoProgress {
  const [progress, setProgress] = useState(0);
  const [wantsToPlay, setWantsToPlay] = useState(false);
  const done = progress >= max;
  // Reaching the end stops the player without a second state update.
  const playing = wantsToPlay && !done;

  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => setProgress((p) => Math.min(p + step, max)), tickMs);
    return () => clearInterval(id);
  }, [playing, step, tickMs, max]);

  const play = useCallback(() => {
    // Play after the end starts the run again from the beginning.
    setProgress((p) => (p >= max ? 0 : p));
    setWantsToPlay(true);
  }, [max]);
  const pause = useCallback(() => setWantsToPlay(false), []);
  const reset = useCallback(() => {
    setWantsToPlay(false);
    setProgress(0);
  }, []);
  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play]);

  return { progress, playing, done, play, pause, toggle, reset };
}
