import { cn } from '@/lib/utils';

/**
 * Text that takes its room (wraps and sizes like the real text) without being text: it is drawn by
 * ::before from data-text, so a placeholder holds the room of the message that will replace it
 * while screen readers and text queries find nothing until the real message arrives.
 */
export function GhostText({ text, className }: { text: string; className?: string }) {
  return <span aria-hidden="true" data-text={text} className={cn('before:content-[attr(data-text)]', className)} />;
}
