import { useContext, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { QueryClientSlot } from './query-client-slot';

/** TanStack Query for what renders inside: the client given to <App>, else the app's one client. */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientSlot) ?? appQueryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Page` rendered inside QueryScope (see lazyQueryPage). */
export function withQueryScope<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function Scoped(props: P) {
    return (
      <QueryScope>
        <Page {...props} />
      </QueryScope>
    );
  };
}
