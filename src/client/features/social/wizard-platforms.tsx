import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { PLATFORM_DEFS, SOCIAL_PLATFORMS, type TSocialPlatform } from '@shared/social';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * Step 1: a card per platform with its max length and feature tags. An unconnected one can be
 * picked too: its post goes to the sandbox channel at its time, unless the platform is connected first.
 */
export function WizardPlatforms({
  selected,
  connected,
  onToggle,
}: {
  selected: TSocialPlatform[];
  connected: Set<TSocialPlatform>;
  onToggle(platform: TSocialPlatform): void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {SOCIAL_PLATFORMS.map((id) => {
        const def = PLATFORM_DEFS[id];
        const on = selected.includes(id);
        const ready = connected.has(id);
        const pick = () => onToggle(id);
        return (
          <div
            key={id}
            className={cn(
              'rounded-xl border p-4 transition-colors',
              on ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
              !ready && 'bg-slate-50',
            )}
          >
            <button
              type="button"
              aria-pressed={on}
              onClick={pick}
              className="flex w-full items-start justify-between gap-2 text-left"
            >
              <span>
                <span className="block font-semibold text-slate-900">{def.name}</span>
                <span className="block text-xs text-slate-600">
                  Max {def.maxLength.toLocaleString('en-US')} characters
                </span>
              </span>
              <span
                aria-hidden
                className={cn(
                  'grid size-6 place-items-center rounded-full border',
                  on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300',
                )}
              >
                {on && <Check className="size-4" />}
              </span>
            </button>
            <div className="mt-3 flex flex-wrap gap-1">
              {def.features.map((f) => (
                <Badge key={f} variant="secondary">
                  {f}
                </Badge>
              ))}
            </div>
            {!ready && (
              <p className="mt-3 text-xs text-slate-600">
                Not connected — goes to the sandbox.{' '}
                <Link href="/settings?tab=connections" className="font-medium text-brand-700 underline">
                  Connect {def.provider === 'meta' ? 'Facebook & Instagram' : def.name}
                </Link>
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
