import { Link } from 'wouter';
import { Building2, Check, ChevronsUpDown, LayoutGrid } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useBusinesses, useSwitchBusiness } from './businesses-api';

/**
 * The header's business switcher, for people in more than one business (agencies, or a
 * technician invited by two shops). Switching moves this session; every screen reloads for it.
 */
export function BusinessSwitcher() {
  const businesses = useBusinesses();
  const switchTo = useSwitchBusiness();
  const list = businesses.data?.businesses ?? [];
  const current = list.find((b) => b.current);
  if (!current) return null;

  const choose = (id: string) =>
    switchTo.mutate(id, {
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Could not switch',
          description: errorMessage(err, 'Please try again.'),
        }),
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex max-w-[11rem] min-w-0 items-center gap-1.5 rounded-md border border-slate-200 px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 sm:max-w-xs"
        aria-label={`Business: ${current.name}. Switch business`}
      >
        <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="truncate">{switchTo.isPending ? 'Switching…' : current.name}</span>
        <ChevronsUpDown className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Your businesses</DropdownMenuLabel>
        {list.map((b) => (
          <DropdownMenuItem
            key={b.id}
            disabled={switchTo.isPending}
            onSelect={() => (b.current ? undefined : choose(b.id))}
          >
            {b.current ? <Check aria-hidden="true" /> : <span className="size-4" aria-hidden="true" />}
            <span className="truncate">{b.name}</span>
            <span className="ml-auto text-xs text-slate-500 capitalize">{b.role}</span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/businesses">
            <LayoutGrid aria-hidden="true" />
            All businesses
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
