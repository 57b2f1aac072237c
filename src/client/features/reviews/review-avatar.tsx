import { useState } from 'react';
import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

const COLOURS = [
  'bg-brand-100 text-brand-800',
  'bg-accent-100 text-accent-800',
  'bg-emerald-100 text-emerald-800',
  'bg-violet-100 text-violet-800',
];

/** The reviewer's photo, else a generated avatar of their initials (also when the photo fails to load). */
export function ReviewAvatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (photoUrl && !failed)
    return (
      <img
        src={photoUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="size-10 shrink-0 rounded-full object-cover"
      />
    );
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const colour = COLOURS[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLOURS.length];
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-bold', colour)}
    >
      {initials || '?'}
    </span>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200')}
        />
      ))}
    </span>
  );
}
