import { Suspense, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { lazyQueryPage } from './lazy-query-page';
import { useHydrated } from '@/lib/use-hydrated';

export const DEV_HUD_FLAG = 'showDevHud';
// The panel polls the API through TanStack Query: its own chunk, loaded only when shown.
const DevHudPanel = lazyQueryPage(() => import('./dev-hud-panel'));

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(DEV_HUD_FLAG) === '1';
  } catch {
    return false;
  }
}

/**
 * Dev status overlay: shown when localStorage showDevHud is '1' or the URL has
 * dev=1 (which sets the flag).
 */
export function DevHud() {
  const search = useSearch();
  const requested = new URLSearchParams(search).get('dev') === '1';
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!requested) return;
    try {
      window.localStorage.setItem(DEV_HUD_FLAG, '1');
    } catch {
      // storage may be unavailable (private mode); the URL flag still shows the HUD
    }
  }, [requested]);

  // The flag lives on the device: read once the page runs there. A server-rendered page's HTML has
  // no HUD, even for ?dev=1: its panel is a chunk the server's one-pass render cannot wait for
  // (and a public page's HTML is drawn once for every query).
  const hydrated = useHydrated();
  if (hidden || !hydrated || !(requested || readFlag())) return null;

  const hide = () => {
    try {
      window.localStorage.removeItem(DEV_HUD_FLAG);
    } catch {
      // nothing to clear
    }
    setHidden(true);
  };

  return (
    <Suspense fallback={null}>
      <DevHudPanel onHide={hide} />
    </Suspense>
  );
}
