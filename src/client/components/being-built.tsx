import type { ReactNode } from 'react';
import { Hammer } from 'lucide-react';
import { clsx as cn } from 'clsx';

/**
 * The honest stand-in for a section that has not shipped yet: no sample figures, no
 * controls that pretend to work.
 */
export function BeingBuilt({ area, children, className }: { area: string; children?: ReactNode; className?: string }) {
  return (
    <section
      aria-label={`${area} status`}
      className={cn('rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center', className)}
    >
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50">
        <Hammer aria-hidden="true" className="size-6 text-brand-700" />
      </div>
      <p className="mx-auto mt-4 max-w-md text-base font-medium text-slate-800">
        {area} is being built — this section arrives in an upcoming release.
      </p>
      {children}
    </section>
  );
}
