import type { QueryClient } from '@tanstack/react-query';
import { Router, type BaseLocationHook } from 'wouter';
import { ToasterHost } from '@/components/ui/toaster-host';
import { HydrationFlag } from '@/lib/use-hydrated';
import { DevHud } from './dev-hud';
import { QueryClientSlot } from './query-client-slot';
import { AppRoutes } from './router';

interface AppProps {
  /** Default: the app's one client (lib/query-client), loaded with the first page that queries. */
  queryClient?: QueryClient;
  /** Location hook override, e.g. wouter's memoryLocation in tests. */
  locationHook?: BaseLocationHook;
  /** The address being rendered on the server (entry-server.tsx), path and search. */
  ssrPath?: string;
  /** The browser is taking over the server's HTML (start.tsx): the first render must match it. */
  hydrating?: boolean;
}

/**
 * The entry chunk: the router and the public layout only. TanStack Query, Radix and the signed-in
 * shell come with the pages that use them (lazy-page.ts), so a marketing page loads none of them.
 */
export function App({ queryClient, locationHook, ssrPath, hydrating = false }: AppProps) {
  return (
    <HydrationFlag hydrating={hydrating || ssrPath !== undefined}>
      <QueryClientSlot.Provider value={queryClient}>
        <Router hook={locationHook} {...(ssrPath ? { ssrPath } : {})}>
          <AppRoutes />
          <DevHud />
          <ToasterHost />
        </Router>
      </QueryClientSlot.Provider>
    </HydrationFlag>
  );
}
