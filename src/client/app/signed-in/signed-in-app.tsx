import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { PageReady } from '@/lib/page-ready';
import { TransitionRouter } from '@/lib/transition-router';
import { cn } from '@/lib/utils';
import { QueryScope } from '../query-scope';
import { RouteGuard } from '../route-guard';
import { signedInRouteFor } from './routes';
import { SignedInLayout } from './signed-in-layout';

// tailwind-merge builds its class map on its first call (~50 ms at 1x here, 200 ms on a slow
// phone). It is built in a task of its own as soon as this module has run, ahead of the shell's
// first render or hydration slice, not inside one (decision 044). This module is the first to use it.
setTimeout(() => cn('p-0'));

/** The signed-in app: one lazy chunk behind the route guard; the page comes from the route table. */
export default function SignedInApp() {
  return (
    <TransitionRouter>
      <QueryScope>
        <RouteGuard>
          <SignedInShell />
        </RouteGuard>
      </QueryScope>
    </TransitionRouter>
  );
}

function SignedInShell() {
  const { user } = useAuth();
  const [location] = useLocation();
  const route = signedInRouteFor(location);
  if (!user || !route) return null;
  const Page = route.page;
  return (
    <SignedInLayout user={user} route={route}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
        <PageReady />
      </Suspense>
    </SignedInLayout>
  );
}
