import { FileText } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { BusinessReviews } from './business-reviews';
import { BusinessSearch } from './business-search';
import { lazyNamed, MountWhen } from '@/lib/lazy-page';
import { reviewTexts, useChangeBusiness, useChooseBusiness, useReviewOverview } from './reviews-api';

/** The templates dialog and its schema (zod) load on intent, not with the reviews. */
const ReplyTemplatesDialog = lazyNamed(() => import('./reply-templates-dialog').then((m) => m.ReplyTemplatesDialog));
const preloadTemplates = () => void ReplyTemplatesDialog.preload();

/**
 * /reviews: a business search until a business is chosen (remembered for the business), then
 * its reviews — every synced review when a Business Profile is connected, else the five Places
 * gives. ?action=templates opens the reply templates.
 */
export default function ReviewsPage() {
  const { user } = useAuth();
  const canManage = hasRole(user?.role, 'manager');
  const overview = useReviewOverview();
  const choose = useChooseBusiness();
  const change = useChangeBusiness();
  const [, navigate] = useLocation();
  const templatesOpen = new URLSearchParams(useSearch()).get('action') === 'templates';

  if (overview.isPending) return <PageSpinner label="Loading reviews" />;
  if (overview.isError)
    return (
      <FormAlert tone="error" className="items-center">
        <span className="mr-3">{errorMessage(overview.error, reviewTexts.fetchError)}</span>
        <Button size="sm" variant="outline" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );

  const { business, demo, googleConnected } = overview.data;
  const chosen = business !== null;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex justify-end">
        <Button
          variant="outline"
          size="sm"
          onPointerEnter={preloadTemplates}
          onFocus={preloadTemplates}
          onClick={() => navigate('/reviews?action=templates')}
        >
          <FileText aria-hidden="true" />
          Reply templates
        </Button>
      </div>
      {chosen ? (
        <BusinessReviews
          business={business}
          googleConnected={googleConnected}
          canManage={canManage}
          changing={change.isPending}
          onChange={() => change.mutate()}
        />
      ) : (
        <BusinessSearch
          demo={demo}
          canChoose={canManage}
          choosing={choose.isPending ? (choose.variables ?? null) : null}
          onChoose={(place) =>
            choose.mutate(place.place_id, {
              onError: (err) =>
                toast({
                  title: 'Error',
                  description: errorMessage(err, reviewTexts.detailsError),
                  variant: 'destructive',
                }),
            })
          }
        />
      )}
      <MountWhen when={templatesOpen}>
        <ReplyTemplatesDialog open={templatesOpen} onClose={() => navigate('/reviews')} canManage={canManage} />
      </MountWhen>
    </div>
  );
}
