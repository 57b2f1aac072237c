import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * Loading placeholder text: typical text, kept invisible on a pulsing bar, so the placeholder
 * wraps (and takes the room) like the text that replaces it, at any width. Hidden from readers
 * and from visibility checks.
 */
export function Veiled({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('animate-pulse rounded bg-slate-100', className)}>
      <span className="invisible">{children}</span>
    </span>
  );
}
