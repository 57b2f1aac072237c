import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { apiFetch } from '@/lib/api';
import { devKeys } from '@/lib/query-keys';
import type { TDevStatus } from '@shared/schemas/system';

const DEV_HUD_POLL_MS = 2000;

/** The dev status overlay itself (see DevHud). */
export default function DevHudPanel({ onHide }: { onHide: () => void }) {
  const status = useQuery({
    queryKey: devKeys.status(),
    queryFn: ({ signal }) => apiFetch<TDevStatus>('/api/dev/status', { signal }),
    refetchInterval: DEV_HUD_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

  const data = status.isError ? undefined : status.data;

  return (
    <aside
      aria-label="Developer status"
      className="fixed right-3 bottom-3 z-[90] w-64 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-700 bg-slate-900/95 p-3 font-mono text-xs text-slate-100 shadow-xl"
    >
      <div className="mb-2 flex items-center justify-between">
        <span className="font-semibold tracking-wide text-slate-300 uppercase">Dev status</span>
        <button
          type="button"
          onClick={onHide}
          className="rounded p-0.5 text-slate-400 hover:bg-slate-800 hover:text-white"
          aria-label="Hide dev status"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      </div>
      {status.isError ? (
        <p className="text-red-300">unreachable</p>
      ) : !data ? (
        <p className="text-slate-400">loading…</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-slate-400">env</dt>
          <dd className="truncate">{data.env}</dd>
          <dt className="text-slate-400">auth</dt>
          <dd className="truncate">{data.authMode}</dd>
          <dt className="text-slate-400">storage</dt>
          <dd className="truncate">{data.storageMode}</dd>
          <dt className="text-slate-400">tenant</dt>
          <dd className="truncate">{data.tenant?.name ?? '—'}</dd>
          <dt className="text-slate-400">user</dt>
          <dd className="truncate">{data.user?.email ?? data.user?.sub ?? '—'}</dd>
          <dt className="text-slate-400">time</dt>
          <dd className="truncate">{data.time}</dd>
        </dl>
      )}
    </aside>
  );
}
