import { useState } from 'react';
import type { TLead, TLeadRecommendations } from '@shared/schemas/leads';
import { LEAD_EVENTS, type TLeadStatus } from '@shared/leads';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage, QUEUED_OFFLINE } from '@/lib/api';
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
  /** Opens the Convert dialog (job value), which converts on confirm. */
  convert(lead: TLead): void;
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
export interface ConvertState {
  lead: TLead | null;
  close(): void;
  /** Converts with the job value; `onError` gets the server's readable message (the dialog stays open). */
  confirm(lead: TLead, jobValue: number, onError: (message: string) => void): void;
  pending: boolean;
}

export function useLeadActions(): {
  actions: LeadActions;
  openTips: OpenTips | null;
  closeTips: () => void;
  converting: ConvertState;
} {
  const [openTips, setOpenTips] = useState<OpenTips | null>(null);
  const [convertLead, setConvertLead] = useState<TLead | null>(null);
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
    // Without a network the change waits on this phone (lib/offline.ts); that is no error.
    onError: (error: Error) =>
      error instanceof ApiError && error.code === QUEUED_OFFLINE
        ? toast({ title: 'Saved on this phone', description: error.message })
        : failed(leadFailures.update)(),
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
    convert: (lead) => setConvertLead(lead),
    busy: (action, leadId) => pending[action].has(leadId),
  };

  const converting: ConvertState = {
    lead: convertLead,
    close: () => setConvertLead(null),
    confirm: (lead, jobValue, onError) =>
      update.mutate(
        { lead, status: 'converted', jobValue },
        {
          onSuccess: () => setConvertLead(null),
          onError: (error) => onError(errorMessage(error, leadFailures.update)),
        },
      ),
    pending: convertLead !== null && pending.update.has(convertLead.id),
  };

  return { actions, openTips, closeTips: () => setOpenTips(null), converting };
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
