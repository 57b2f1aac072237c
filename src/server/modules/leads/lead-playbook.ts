import type { TLeadStatus } from '#shared/schemas/leads.ts';
import type { LeadFeatures } from './lead-features.ts';

// "Get Tips" without an AI provider: a rule-based sales playbook for field service, keyed on
// status, urgency, age and missing contact data. Deterministic; the first rules matter most.

export interface PlaybookLead {
  name: string;
  service: string;
  status: TLeadStatus;
  features: LeadFeatures;
  /** Hours since the lead came in. */
  ageHours: number;
}

const MAX_TIPS = 5;

export function playbook(lead: PlaybookLead): string[] {
  const { features: f, status } = lead;
  const first = lead.name.split(/\s+/)[0] || lead.name;
  const open = status !== 'converted' && status !== 'lost';
  const tips: string[] = [];

  if (status === 'new' && lead.ageHours < 1) {
    tips.push(
      `Call ${first} within 5 minutes: leads reached in the first 5 minutes book far more often than those called an hour later.`,
    );
  } else if (status === 'new') {
    tips.push(
      `${first} has waited ${waited(lead.ageHours)} without a call. Call now, and if there is no answer send a text straight away.`,
    );
  }
  if (open && f.urgency.score >= 75) {
    tips.push(
      `Treat this as an emergency: offer the earliest same-day slot for the ${lead.service.toLowerCase()} and text an arrival window.`,
    );
  }
  if (open && !f.hasPhone) {
    tips.push(
      f.hasEmail
        ? 'Reply by email and ask for the best number to call; leads without a phone number book far less often.'
        : 'There is no way to reach this lead yet: check the source (form, call log) for a phone number or email.',
    );
  } else if (open && !f.hasEmail) {
    tips.push('Ask for an email address so you can send the written estimate and appointment reminders.');
  }
  if (status === 'contacted')
    tips.push('Follow up within 48 hours if they have not booked, and set the next follow-up date before you hang up.');
  if (status === 'qualified') tips.push('Book the site visit or estimate now and confirm it by text the day before.');
  if (open && f.job === 'installation') {
    tips.push(
      'Send a good-better-best quote with financing options within 24 hours of the visit; big-ticket buyers compare several quotes.',
    );
  }
  if (open && f.job === 'maintenance')
    tips.push('Offer a yearly maintenance plan so this tune-up turns into repeat work.');
  if (open && f.job === 'repair')
    tips.push('Mention your repair-versus-replace check: older equipment often makes a replacement the better deal.');
  if (open && status !== 'new' && lead.ageHours > 14 * 24) {
    tips.push(
      `Send a short check-in: "Still need help with your ${lead.service.toLowerCase()}?" Stale leads often answer a one-line message.`,
    );
  }
  if (status === 'converted') {
    tips.push('Ask for a Google review when the job is done, while the customer is happiest.');
    tips.push('Offer a maintenance plan at the end of the job to keep the customer for years.');
  }
  if (status === 'lost')
    tips.push('Add them to your seasonal reminder list and check in before the next heating or cooling season.');
  if (tips.length < 3 && open)
    tips.push('Log every call and message on the lead so anyone on the team can pick it up.');
  return tips.slice(0, MAX_TIPS);
}

function waited(hours: number): string {
  if (hours < 24) return `${Math.floor(hours)} hour${Math.floor(hours) === 1 ? '' : 's'}`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
}
