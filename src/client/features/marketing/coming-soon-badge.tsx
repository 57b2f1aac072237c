import { clsx as cn } from 'clsx';
import { isComingSoon } from './claims';

/** "Coming soon" beside a claim whose capability has not shipped yet; nothing for a shipped one. */
export function ComingSoonBadge({ claim, className }: { claim: string; className?: string }) {
  if (!isComingSoon(claim)) return null;
  return (
    <span
      className={cn(
        'ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold whitespace-nowrap text-amber-900',
        className,
      )}
    >
      Coming soon
    </span>
  );
}
