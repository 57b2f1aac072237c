import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import type { TLead } from '@shared/schemas/leads';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadList, LeadListSkeleton, LeadsEmpty } from './lead-list';
import { exportUrl, useLeadPages, type LeadFilters } from './leads-api';
import { LeadsToolbar, type ToolbarValues } from './leads-toolbar';
import { ScoreCards } from './score-cards';
import { SummaryCards } from './summary-cards';
import { SummaryLine } from './summary-line';
import { useLeadActions } from './use-lead-actions';
import { CallFirstCard } from './call-first-card';
import { lazyPage, MountWhen } from '@/lib/lazy-page';

// The dialogs load with their first use, not with the list (the tips one while the AI answers).
const TipsDialog = lazyPage(() => import('./tips-dialog'));
const ConvertDialog = lazyPage(() => import('./convert-dialog'));
const ImportLeadsDialog = lazyPage(() => import('./import-leads-dialog'));

/** /leads: the cards, the filters, Add Lead, and the list with its actions. */
export default function LeadsPage() {
  const [toolbar, setToolbar] = useState<ToolbarValues>({ search: '', status: 'all', priority: 'all' });
  const { search } = toolbar;
  const filters: LeadFilters = {
    ...(search ? { q: search } : {}),
    ...(toolbar.status !== 'all' ? { status: toolbar.status } : {}),
    ...(toolbar.priority !== 'all' ? { priority: toolbar.priority } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const pages = useLeadPages(filters);
  const lead = useLeadActions();
  const { openTips, closeTips, converting } = lead;
  const actions = {
    ...lead.actions,
    tips: (l: TLead) => {
      void TipsDialog.preload();
      lead.actions.tips(l);
    },
  };
  const action = new URLSearchParams(useSearch()).get('action');
  // Each opening starts a fresh dialog (its key), with no file from the last time.
  const [importing, setImporting] = useState(false);
  const [importKey, setImportKey] = useState(0);
  const importButton = useRef<HTMLButtonElement>(null);
  const leads = pages.data?.pages.flatMap((page) => page.leads) ?? [];

  let list;
  if (pages.isPending) list = <LeadListSkeleton />;
  else if (pages.isError && !pages.data)
    list = (
      <FormAlert tone="error" className="items-center">
        <span className="mr-3">{errorMessage(pages.error, 'Could not load your leads.')}</span>
        <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  else if (leads.length === 0) list = <LeadsEmpty filtered={filtered} />;
  else
    list = (
      <LeadList
        leads={leads}
        actions={actions}
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        // A second request for the same page (scroll and button together) would restart the first.
        fetchNextPage={() => void pages.fetchNextPage({ cancelRefetch: false })}
      />
    );

  return (
    <div className="space-y-4 sm:space-y-6">
      <SummaryLine />
      {/* A phone folds the cards into the line above, so the list is on its first screen. */}
      <div className="hidden space-y-4 sm:block">
        <SummaryCards />
        <ScoreCards />
      </div>
      {action === 'optimize' ? <CallFirstCard /> : null}
      <section aria-labelledby="leads-list-title" className="space-y-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="leads-list-title" className="sr-only">
            Your leads
          </h2>
          {/* Converted leads' finished jobs; on a phone also under More. */}
          <Link
            href="/jobs"
            className="ml-auto hidden min-h-11 items-center text-sm font-medium text-brand-700 hover:underline sm:inline-flex"
          >
            Finished jobs →
          </Link>
        </div>
        <div className="flex flex-col gap-2 sm:gap-3 md:flex-row md:items-center">
          <LeadsToolbar values={toolbar} onChange={setToolbar} />
          <div className="grid grid-cols-3 gap-2 sm:gap-3 md:flex">
            <Button
              ref={importButton}
              variant="outline"
              aria-haspopup="dialog"
              aria-expanded={importing}
              onPointerEnter={() => void ImportLeadsDialog.preload()}
              onFocus={() => void ImportLeadsDialog.preload()}
              onClick={() => {
                setImportKey((k) => k + 1);
                setImporting(true);
              }}
            >
              <Upload aria-hidden="true" />
              Import
            </Button>
            {/* The file holds every lead the list's filters match, not only the pages loaded. */}
            <Button asChild variant="outline">
              <a href={exportUrl(filters)} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            <AddLeadDialog startOpen={action === 'add'} />
          </div>
        </div>
        <div aria-busy={pages.isFetching && !pages.isFetchingNextPage}>{list}</div>
      </section>
      <MountWhen when={openTips !== null}>
        <TipsDialog tips={openTips} onClose={closeTips} />
      </MountWhen>
      <MountWhen when={importing}>
        <ImportLeadsDialog
          key={importKey}
          open={importing}
          onClose={() => {
            setImporting(false);
            importButton.current?.focus();
          }}
        />
      </MountWhen>
      <MountWhen when={converting.lead !== null}>
        <ConvertDialog converting={converting} />
      </MountWhen>
    </div>
  );
}
