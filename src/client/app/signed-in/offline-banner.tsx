import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { toast } from '@/components/ui/use-toast';
import { sendQueued } from '@/lib/api';
import { replayQueue, startOffline, useOffline } from '@/lib/offline';

const TIME = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * Says plainly when the screen shows this phone's copy (no network), from when, and what waits to
 * be sent; sends what waits once the network is back and tells how each change went.
 */
export function OfflineBanner() {
  const queryClient = useQueryClient();
  const { online, fetchedAt, queued } = useOffline();

  useEffect(() => {
    startOffline();
    const replay = () =>
      void replayQueue(sendQueued).then(async (results) => {
        if (results.length === 0) return;
        for (const result of results)
          toast(
            result.sent
              ? { title: 'Sent', description: `${result.change.label} (made offline).` }
              : {
                  title: 'Could not send a change made offline',
                  description: `${result.change.label}: ${result.message}`,
                  variant: 'destructive',
                },
          );
        await queryClient.invalidateQueries();
      });
    if (navigator.onLine) replay();
    window.addEventListener('online', replay);
    return () => window.removeEventListener('online', replay);
  }, [queryClient]);

  if (online && !fetchedAt) return null;
  return (
    <div role="status" aria-label="Offline" className="border-b border-slate-300 bg-slate-800 text-white">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
        <CloudOff aria-hidden="true" className="size-4 shrink-0" />
        <span>
          Offline{fetchedAt ? ` — showing what was fetched ${TIME.format(new Date(fetchedAt))}` : ''}.
          {queued > 0 ? ` ${queued} change${queued === 1 ? '' : 's'} will be sent when you're back online.` : ''}
        </span>
      </p>
    </div>
  );
}
