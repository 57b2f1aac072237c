import { cn } from '@/lib/utils';

/**
 * Loading placeholder text: it takes the room of the text that will replace it (wraps and sizes like
 * it at any width) without being text. It is drawn by ::before from data-text, so screen readers and
 * text queries find nothing until the real text arrives. `veiled` puts it, transparent, on a pulsing
 * bar of its own; without it the parent draws the placeholder block.
 */
export function GhostText({ text, veiled = false, className }: { text: string; veiled?: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-text={text}
      className={cn(
        'before:content-[attr(data-text)]',
        veiled && 'animate-pulse rounded bg-slate-100 text-transparent select-none',
        className,
      )}
    />
  );
}
