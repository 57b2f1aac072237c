import { clsx as cn } from 'clsx';

/** The Fieldwise mark: an F on a brand tile with an accent dot. Decorative; the wordmark names it. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M10 23V9h12v3.2h-8.4v2.6h7.2V18h-7.2v5z" fill="#fff" />
      <circle cx="23" cy="22" r="3" className="fill-accent-500" />
    </svg>
  );
}

/** `name` replaces the wordmark for a white-label brand. */
export function Logo({
  className,
  inverted = false,
  name = 'Fieldwise',
}: {
  className?: string;
  inverted?: boolean;
  name?: string;
}) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <LogoMark />
      <span className={cn('truncate text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>
        {name}
      </span>
    </span>
  );
}
