import { useState } from 'react';
import { LEAD_EVENTS, type TLead, type TLeadRecommendations, type TLeadStatus } from '@shared/schemas/leads';
import { toast } from '@/components/ui/use-toast';
import { trackEvent } from '@/lib/track';
import { STATUS_LABELS } from './lead-format';
import {
  leadFailures,
  leadMutationKeys,
  useLeadTips,
  usePendingLeadIds,
  useQualifyLead,
  useScoreLead,
  useUpdateLeadStatus,
} from './leads-api';

export type LeadAction = 'score' | 'tips' | 'qualify' | 'update';

export interface LeadActions {
  score(lead: TLead): void;
  tips(lead: TLead): void;
  qualify(lead: TLead): void;
  setStatus(lead: TLead, status: TLeadStatus): void;
  /** Whether a call of this kind is in flight for this lead. */
  busy(action: LeadAction, leadId: string): boolean;
}

export interface OpenTips extends TLeadRecommendations {
  lead: TLead;
}

const failed = (description: string) => () => toast({ title: 'Error', description, variant: 'destructive' });

/**
 * The row actions of the spec with their toasts. They live on the page, not in the
 * rows, so a toast still appears when its row has scrolled out of the virtual window.
 */
export function useLeadActions(): { actions: LeadActions; openTips: OpenTips | null; closeTips: () => void } {
  const [openTips, setOpenTips] = useState<OpenTips | null>(null);
  const score = useScoreLead({
    onSuccess: () => toast({ title: 'Lead Scored', description: 'AI scoring has been updated for this lead.' }),
    onError: failed(leadFailures.score),
  });
  const tips = useLeadTips({
    onSuccess: (answer, lead) => {
      toast({
        title: 'AI Recommendations',
        description: `Generated ${answer.recommendations.length} personalized recommendations.`,
      });
      setOpenTips({ lead, ...answer });
    },
    onError: failed(leadFailures.tips),
  });
  const qualify = useQualifyLead({
    onSuccess: ({ qualified, reasons }) => {
      if (qualified) {
        trackEvent(LEAD_EVENTS.qualified);
        toast({ title: 'Lead Qualified', description: 'Lead has been automatically qualified based on criteria.' });
      } else {
        toast({ title: 'Not Qualified Yet', description: <ReasonList reasons={reasons} /> });
      }
    },
    onError: failed(leadFailures.qualify),
  });
  const update = useUpdateLeadStatus({
    onSuccess: (saved) =>
      toast({
        title: 'Lead Updated',
        description: `${saved.name} is now ${STATUS_LABELS[saved.status].toLowerCase()}.`,
      }),
    onError: failed(leadFailures.update),
  });
  const pending: Record<LeadAction, Set<string>> = {
    score: usePendingLeadIds(leadMutationKeys.score),
    tips: usePendingLeadIds(leadMutationKeys.tips),
    qualify: usePendingLeadIds(leadMutationKeys.qualify),
    update: usePendingLeadIds(leadMutationKeys.update),
  };

  const actions: LeadActions = {
    score: (lead) => score.mutate(lead),
    tips: (lead) => tips.mutate(lead),
    qualify: (lead) => qualify.mutate(lead),
    setStatus: (lead, status) => update.mutate({ lead, status }),
    busy: (action, leadId) => pending[action].has(leadId),
  };

  return { actions, openTips, closeTips: () => setOpenTips(null) };
}

function ReasonList({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return 'It does not meet the qualification criteria yet.';
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-4">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}
