import type { ReactNode } from 'react';
import { clsx as cn } from 'clsx';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
  inverted = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  className?: string;
  inverted?: boolean;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p
        className={cn(
          'text-sm font-semibold tracking-wide uppercase',
          inverted ? 'text-accent-300' : 'text-accent-700',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          inverted ? 'text-white' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      {children ? (
        <p className={cn('mt-4 text-lg text-pretty', inverted ? 'text-slate-300' : 'text-slate-600')}>{children}</p>
      ) : null}
    </div>
  );
}
