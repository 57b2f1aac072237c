import { Skeleton } from '@/components/ui/skeleton';

// The parts of Settings → Connections that show before its list: they come with the settings
// page, so the tab's placeholder (while its code arrives) is the tab itself loading.

export function ConnectionsIntro() {
  return (
    <p className="max-w-3xl text-sm text-slate-600">
      Fieldwise signs in to your accounts to post, read reviews and fetch reports. Each connection is checked daily; if
      one breaks, you see it here, on the dashboard and by email — once.
    </p>
  );
}

export function ConnectionsReadOnlyNote() {
  return <p className="text-sm text-slate-600">Only managers and admins can connect or change accounts.</p>;
}

export function ConnectionsSkeleton() {
  return (
    <div role="status" aria-label="Loading connections" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-48 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** Settings → Connections while its code arrives: the tab as it loads. */
export function ConnectionsTabPlaceholder({ canEdit }: { canEdit: boolean }) {
  return (
    <div className="space-y-4">
      <ConnectionsIntro />
      {!canEdit ? <ConnectionsReadOnlyNote /> : null}
      <ConnectionsSkeleton />
    </div>
  );
}
