import type { ReactNode } from 'react';
import { Camera, CircleCheck, Lightbulb, LoaderCircle, PhoneCall, RotateCcw, Sparkles, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import type { TLead } from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';
import type { LeadAction, LeadActions } from './use-lead-actions';

/**
 * Which row actions a lead offers: Qualify only from new; Contact unless
 * contacted, Mark New when contacted; Convert unless converted.
 */
function visibleActions(status: TLead['status']) {
  return {
    qualify: status === 'new',
    contact: status !== 'contacted',
    markNew: status === 'contacted',
    convert: status !== 'converted',
    addJob: status === 'converted',
  };
}

/** Add job's address: the lead, and what the form starts from (its service, location and value). */
export function addJobHref(lead: TLead): string {
  const params = new URLSearchParams({
    lead: lead.id,
    name: lead.name,
    service: lead.service,
    location: lead.location,
  });
  if (lead.jobValue !== null) params.set('value', String(lead.jobValue));
  return `/jobs/new?${params.toString()}`;
}

function ActionButton({
  lead,
  busy,
  icon,
  label,
  onClick,
  primary = false,
}: {
  lead: TLead;
  busy: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  primary?: boolean;
}) {
  return (
    // Every row has the same buttons; the lead's name, after the visible label, tells them apart for assistive tech.
    <Button
      size="sm"
      variant={primary ? 'default' : 'outline'}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={`${label} for ${lead.name}`}
      onClick={onClick}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : icon}
      {label}
    </Button>
  );
}

export function LeadActionBar({ lead, actions }: { lead: TLead; actions: LeadActions }) {
  const show = visibleActions(lead.status);
  const busy = (action: LeadAction) => actions.busy(action, lead.id);
  return (
    <div className="flex flex-wrap gap-2">
      <ActionButton
        lead={lead}
        busy={busy('score')}
        icon={<Sparkles aria-hidden="true" />}
        label="AI Score"
        onClick={() => actions.score(lead)}
      />
      <ActionButton
        lead={lead}
        busy={busy('tips')}
        icon={<Lightbulb aria-hidden="true" />}
        label="Get Tips"
        onClick={() => actions.tips(lead)}
      />
      {show.qualify ? (
        <ActionButton
          lead={lead}
          busy={busy('qualify')}
          icon={<CircleCheck aria-hidden="true" />}
          label="Qualify"
          onClick={() => actions.qualify(lead)}
        />
      ) : null}
      {show.contact ? (
        <ActionButton
          lead={lead}
          busy={busy('update')}
          icon={<PhoneCall aria-hidden="true" />}
          label="Contact"
          onClick={() => actions.setStatus(lead, 'contacted')}
        />
      ) : null}
      {show.markNew ? (
        <ActionButton
          lead={lead}
          busy={busy('update')}
          icon={<RotateCcw aria-hidden="true" />}
          label="Mark New"
          onClick={() => actions.setStatus(lead, 'new')}
        />
      ) : null}
      {show.convert ? (
        <ActionButton
          lead={lead}
          busy={busy('update')}
          icon={<Trophy aria-hidden="true" />}
          label="Convert"
          primary
          onClick={() => actions.convert(lead)}
        />
      ) : null}
      {show.addJob ? (
        <Button asChild size="sm">
          <Link href={addJobHref(lead)} aria-label={`Add job for ${lead.name}`}>
            <Camera aria-hidden="true" />
            Add job
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
