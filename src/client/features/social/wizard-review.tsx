import { PLATFORM_DEFS, type TSocialPlatform } from '@shared/social';
import { cn } from '@/lib/utils';
import { longDate } from './wizard-schedule';
import { enabledTargets, type WizardState } from './wizard-state';

const LOOK: Record<string, string> = {
  facebook: 'border-blue-200 bg-blue-50',
  instagram: 'border-pink-200 bg-pink-50',
  twitter: 'border-slate-300 bg-white',
  linkedin: 'border-sky-200 bg-sky-50',
};

/**
 * Step 4: when it goes out and a preview per enabled platform, shaped a little like each network's
 * post; a platform that is not connected says its post goes to the sandbox (unless connected first).
 */
export function WizardReview({
  state,
  businessName,
  timezone,
  connected,
}: {
  state: WizardState;
  businessName: string;
  timezone: string;
  connected: ReadonlySet<TSocialPlatform>;
}) {
  const targets = enabledTargets(state);
  return (
    <div className="space-y-4">
      <p className="font-medium">
        Publishing on {state.date ? longDate(state.date) : '—'} at {state.time}{' '}
        <span className="text-sm font-normal text-slate-600">({timezone})</span>
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {targets.map(({ platform, draft, problem }) => {
          const def = PLATFORM_DEFS[platform];
          return (
            <article
              key={platform}
              aria-label={`${def.name} preview`}
              className={cn('rounded-xl border p-4', LOOK[platform])}
            >
              <div className="mb-2 flex items-center gap-2">
                <span
                  aria-hidden
                  className="grid size-8 place-items-center rounded-full bg-slate-800 text-xs font-bold text-white"
                >
                  {businessName.slice(0, 1).toUpperCase()}
                </span>
                <span>
                  <span className="block text-sm font-semibold">{businessName}</span>
                  <span className="block text-xs text-slate-500">{def.name}</span>
                </span>
              </div>
              {state.imageUrl && platform !== 'twitter' && (
                <p className="mb-2 truncate rounded bg-white/70 px-2 py-1 text-xs text-slate-600">
                  Image: {state.imageUrl}
                </p>
              )}
              <p className="text-sm break-words whitespace-pre-wrap">{draft.content}</p>
              {draft.hashtags && <p className="mt-2 text-sm text-brand-700">{draft.hashtags}</p>}
              {problem && <p className="mt-2 text-xs font-semibold text-red-600">{problem}</p>}
              {connected.has(platform) ? null : (
                <p className="mt-2 text-xs font-medium text-amber-800">Not connected — goes to the sandbox.</p>
              )}
            </article>
          );
        })}
      </div>
    </div>
  );
}
