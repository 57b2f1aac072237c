import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import { BeingBuilt } from '@/features/shell/being-built';
import { RouteGuard } from '../route-guard';
import { SignedInLayout } from './signed-in-layout';

const SubscribePage = lazy(() => import('@/features/billing/subscribe-page'));
const SettingsPage = lazy(() => import('@/features/settings/settings-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const LeadsPage = lazy(() => import('@/features/leads/leads-page'));

/** The signed-in app: one lazy chunk behind the route guard. Areas replace their BeingBuilt as they ship. */
export default function SignedInApp() {
  return (
    <RouteGuard>
      <SignedInShell />
    </RouteGuard>
  );
}

function SignedInShell() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <SignedInLayout user={user}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/dashboard">
            <DashboardPage />
          </Route>
          <Route path="/felix">
            <DashboardPage />
          </Route>
          <Route path="/app">
            <DashboardPage />
          </Route>
          <Route path="/social">
            <BeingBuilt area="Social Media" />
          </Route>
          <Route path="/leads">
            <LeadsPage />
          </Route>
          <Route path="/reviews">
            <BeingBuilt area="Reviews" />
          </Route>
          <Route path="/analytics">
            <BeingBuilt area="Analytics" />
          </Route>
          <Route path="/reports">
            <BeingBuilt area="Analytics reports" />
          </Route>
          <Route path="/keywords">
            <BeingBuilt area="Keywords" />
          </Route>
          <Route path="/seo">
            <BeingBuilt area="Keywords" />
          </Route>
          <Route path="/website">
            <BeingBuilt area="Website" />
          </Route>
          <Route path="/ai-coach">
            <BeingBuilt area="AI Coach" />
          </Route>
          <Route path="/settings">
            <SettingsPage />
          </Route>
          <Route path="/subscribe">
            <SubscribePage />
          </Route>
        </Switch>
      </Suspense>
    </SignedInLayout>
  );
}
