import { useId, useState } from 'react';
import { Check, ExternalLink, LoaderCircle, Pencil, SkipForward } from 'lucide-react';
import type { TJobPhoto, TProposal } from '@shared/schemas/work';
import { PROPOSAL_LABELS } from '@shared/work';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/form/form-alert';
import { ApiError, errorMessage, type FieldErrors } from '@/lib/api';
import { ProposalEditor, ProposalSummary, type Draft } from './proposal-fields';
import { useDecide } from './jobs-api';

/** What an approved proposal became, in one word. */
export function approvedLabel(p: TProposal): string {
  switch (p.kind) {
    case 'review_request':
      return 'Sent';
    case 'post':
      return p.scheduledFor ? 'Scheduled' : 'Sent';
    case 'project_page':
      return 'Published';
    case 'blog_draft':
      return 'Draft saved';
  }
}

const LINK_TEXT: Record<TProposal['kind'], string> = {
  review_request: 'See review requests',
  post: 'See it in Social Media',
  project_page: 'Open the project page',
  blog_draft: 'Open the draft',
};

/** The server's per-field messages of a refused approval, keyed by the content's field ("content.text" → "text"). */
function contentErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([k, v]) => [k.replace(/^content\./, '').split('.')[0] ?? k, v]),
  );
}

/** One proposal of "Share this job": its own Approve / Edit / Skip, and what happened after. */
export function ProposalCard({ proposal, photos, jobId }: { proposal: TProposal; photos: TJobPhoto[]; jobId: string }) {
  // Each card its own mutation: two cards decided at once each hear their own answer.
  const decide = useDecide(jobId);
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => ({ ...proposal.content }));
  const [error, setError] = useState<unknown>(null);
  const pending = decide.isPending;
  const fields = contentErrors(error);

  const act = (action: 'approve' | 'skip') => {
    setError(null);
    decide.mutate(
      { kind: proposal.kind, action, ...(action === 'approve' ? { content: editing ? draft : proposal.content } : {}) },
      {
        onSuccess: (next) => {
          setEditing(false);
          setDraft({ ...next.content });
        },
        onError: (err) => {
          setError(err);
          if (Object.keys(contentErrors(err)).length) setEditing(true);
        },
      },
    );
  };

  const { status } = proposal;
  const badge =
    status === 'approved' ? (
      <Badge variant="success">{approvedLabel(proposal)}</Badge>
    ) : status === 'skipped' ? (
      <Badge variant="secondary">Skipped</Badge>
    ) : (
      <Badge variant="outline">Proposed</Badge>
    );
  const link = proposal.link;
  const external = link !== null && /^https?:/.test(link);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {PROPOSAL_LABELS[proposal.kind]}
        </h3>
        {badge}
      </header>
      {editing ? (
        <ProposalEditor proposal={proposal} draft={draft} errors={fields} onChange={setDraft} />
      ) : (
        <ProposalSummary proposal={proposal} photos={photos} />
      )}
      {status === 'proposed' && proposal.blocked ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{proposal.blocked}</p>
      ) : null}
      {error ? (
        <FormAlert tone="error">{errorMessage(error, 'That did not go through. Please try again.')}</FormAlert>
      ) : null}
      {status === 'approved' ? (
        <div className="mt-auto space-y-2 border-t border-slate-100 pt-3">
          {proposal.outcome ? <p className="text-sm text-emerald-800">{proposal.outcome}</p> : null}
          {link ? (
            <Button asChild variant="outline" className="min-h-11 w-full sm:w-auto">
              <a href={link} {...(external ? { target: '_blank', rel: 'noopener' } : {})}>
                <ExternalLink aria-hidden="true" />
                {LINK_TEXT[proposal.kind]}
              </a>
            </Button>
          ) : null}
        </div>
      ) : (
        <div
          className={`mt-auto grid gap-2 border-t border-slate-100 pt-3 sm:flex sm:justify-end ${editing ? 'grid-cols-2' : 'grid-cols-3'}`}
        >
          {editing ? (
            <Button
              variant="outline"
              className="min-h-11"
              disabled={pending}
              onClick={() => {
                setEditing(false);
                setDraft({ ...proposal.content });
                setError(null);
              }}
            >
              Cancel
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                className="min-h-11"
                disabled={pending || status === 'skipped'}
                onClick={() => act('skip')}
                aria-label={`Skip ${PROPOSAL_LABELS[proposal.kind]}`}
              >
                <SkipForward aria-hidden="true" />
                Skip
              </Button>
              <Button
                variant="outline"
                className="min-h-11"
                disabled={pending}
                onClick={() => setEditing(true)}
                aria-label={`Edit ${PROPOSAL_LABELS[proposal.kind]}`}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </>
          )}
          <Button
            className="min-h-11"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => act('approve')}
            aria-label={`Approve ${PROPOSAL_LABELS[proposal.kind]}`}
          >
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
            Approve
          </Button>
        </div>
      )}
    </article>
  );
}
