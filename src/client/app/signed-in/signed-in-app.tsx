import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { PageReady } from '@/lib/page-ready';
import { cn } from '@/lib/utils';
import { QueryScope } from '../query-scope';
import { RouteGuard } from '../route-guard';
import { signedInRouteFor } from './routes';
import { SignedInLayout } from './signed-in-layout';

/** The signed-in app: one lazy chunk behind the route guard; the page comes from the route table. */
/** tailwind-merge's class map, built ahead of the first render (router.tsx). */
export const prepareClassMerging = (): string => cn('p-0');

export default function SignedInApp() {
  return (
    <QueryScope>
      <RouteGuard>
        <SignedInShell />
      </RouteGuard>
    </QueryScope>
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
