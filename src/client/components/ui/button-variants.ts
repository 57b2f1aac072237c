/**
 * The button's classes, apart from the <Button> component (which brings Radix Slot), so a link
 * on a marketing page can look like a button without loading Radix. A plain lookup rather than
 * class-variance-authority: the public header needs it, and so it is part of every page's entry.
 */
const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';

const VARIANTS = {
  default: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-brand-700 underline-offset-4 hover:underline',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-xs',
  default: 'h-10 px-4',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export interface ButtonVariantOptions {
  /** Default: 'default'; null for none. */
  variant?: keyof typeof VARIANTS | null;
  /** Default: 'default'; null for none (the caller sets the height and padding). */
  size?: keyof typeof SIZES | null;
  className?: string;
  class?: string;
}

/** Same classes, in the same order, as the cva() it replaces: base, variant, size, className. */
export function buttonVariants({ variant, size, className, class: cls }: ButtonVariantOptions = {}): string {
  const parts = [
    BASE,
    variant === null ? '' : VARIANTS[variant ?? 'default'],
    size === null ? '' : SIZES[size ?? 'default'],
    cls ?? '',
    className ?? '',
  ];
  return parts.filter(Boolean).join(' ');
}
