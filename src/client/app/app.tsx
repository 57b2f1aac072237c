import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router, type BaseLocationHook } from 'wouter';
import { ToasterHost } from '@/components/ui/toaster-host';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { DevHud } from './dev-hud';
import { AppRoutes } from './router';

interface AppProps {
  queryClient?: QueryClient;
  /** Location hook override, e.g. wouter's memoryLocation in tests. */
  locationHook?: BaseLocationHook;
}

export function App({ queryClient = defaultQueryClient, locationHook }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={locationHook}>
        <AppRoutes />
        <DevHud />
        <ToasterHost />
      </Router>
    </QueryClientProvider>
  );
}
