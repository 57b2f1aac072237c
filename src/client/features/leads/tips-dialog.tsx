import { Lightbulb } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { OpenTips } from './use-lead-actions';

const SOURCE_NOTE = {
  ai: 'Written by your AI provider for this lead.',
  offline: 'From the built-in follow-up playbook for this lead.',
} as const;

/** The "Get Tips" answer for one lead. */
export default function TipsDialog({ tips, onClose }: { tips: OpenTips | null; onClose: () => void }) {
  return (
    <Dialog open={tips !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {tips ? (
          <>
            <DialogHeader>
              <DialogTitle>Tips for {tips.lead.name}</DialogTitle>
              <DialogDescription>{SOURCE_NOTE[tips.source]}</DialogDescription>
            </DialogHeader>
            {tips.recommendations.length === 0 ? (
              <p className="text-sm text-slate-700">No recommendations for this lead right now.</p>
            ) : (
              <ol className="space-y-2">
                {tips.recommendations.map((tip) => (
                  <li key={tip} className="flex gap-2.5 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                    <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-700" />
                    <span>{tip}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
