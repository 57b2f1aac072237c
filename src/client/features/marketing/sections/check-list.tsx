import { CircleCheck } from 'lucide-react';

/** Short promises with a green check each; `className` lays the list out (grid, row, …). */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={`gap-x-6 gap-y-2 text-sm font-medium text-slate-700 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}
