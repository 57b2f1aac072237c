import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useLocation } from 'wouter';
import { apiFetch } from '@/lib/api';
import { forgetOfflineData } from '@/lib/offline';

/**
 * The thin notice on every page of the seeded demo business: its figures are samples. Creating a
 * real business means a new account, so the link signs out of the demo first (a signed-in visitor
 * to /register is sent back to the dashboard).
 */
export function DemoBanner() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const leave = useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/logout', { method: 'POST', fallbackMessage: 'Logout failed' }),
    onSettled: () => {
      queryClient.clear();
      forgetOfflineData();
      navigate('/register');
    },
  });
  return (
    <div role="note" aria-label="Demo business" className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
        <Info aria-hidden="true" className="size-4 shrink-0" />
        <span className="font-medium">Sample business — figures are made up.</span>
        <a
          href="/register"
          onClick={(event) => {
            event.preventDefault();
            leave.mutate();
          }}
          className="font-semibold underline underline-offset-2 hover:text-amber-950"
        >
          {leave.isPending ? 'Signing out…' : 'Create your real business'}
        </a>
      </p>
    </div>
  );
}
