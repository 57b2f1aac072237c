import type { TSocialPlatform } from '@shared/schemas/social';
import { zonedToIso } from '@shared/zoned-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { failureTitle, useCreatePost } from './social-api';
import { WizardContent } from './wizard-content';
import { WizardPlatforms } from './wizard-platforms';
import { WizardReview } from './wizard-review';
import { WizardSchedule } from './wizard-schedule';
import { blockingReason, canGoNext, enabledTargets, notPosted, togglePlatform, type WizardState } from './wizard-state';

const STEP_TITLES = ['Select Platforms', 'Create Content', 'Schedule Post', 'Review & Confirm'] as const;

/** The Multi-Platform Wizard: four steps, then one target per enabled platform, scheduled or now. */
export function Wizard({
  state,
  onChange,
  onReset,
  connected,
  timezone,
  businessName,
  writing = false,
}: {
  state: WizardState;
  onChange(next: WizardState): void;
  onReset(): void;
  connected: Set<TSocialPlatform>;
  timezone: string;
  businessName: string;
  /** AI drafts are streaming into step 2's fields. */
  writing?: boolean;
}) {
  const create = useCreatePost();
  const blocked = blockingReason(state);
  const targets = enabledTargets(state);
  const leftOut = targets.flatMap(({ platform, problem }) => (problem ? [notPosted(platform, problem)] : []));
  const go = (step: WizardState['step']) => onChange({ ...state, step });

  const submit = (now: boolean) => {
    create.mutate(
      {
        content: state.content,
        targets: targets
          .filter((t) => !t.problem)
          .map(({ platform, draft }) => ({
            platform,
            content: draft.content,
            ...(draft.hashtags.trim() ? { hashtags: draft.hashtags.trim() } : {}),
          })),
        ...(now ? { now: true } : { scheduledFor: zonedToIso(state.date, state.time, timezone) }),
        ...(state.imageUrl.trim() ? { imageUrl: state.imageUrl.trim() } : {}),
      },
      {
        onSuccess: ({ posts }) => {
          toast({
            title: now ? 'Posting now' : 'Posts Scheduled',
            description: now
              ? `Sending to ${posts.length} platform${posts.length === 1 ? '' : 's'}; the list below shows each one's result.`
              : `${posts.length} post${posts.length === 1 ? '' : 's'} scheduled for ${state.date} at ${state.time}.`,
          });
          onReset();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to schedule posts. Please try again.');
          toast({
            variant: 'destructive',
            title: failureTitle(message, 'Error'),
            description: message,
          });
        },
      },
    );
  };

  return (
    <Card id="create-post">
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Multi-Platform Post Scheduling Wizard</CardTitle>
          <Badge variant="secondary">Step {state.step} of 4</Badge>
        </div>
        <div
          role="progressbar"
          aria-label="Wizard progress"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={state.step}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${(state.step / 4) * 100}%` }} />
        </div>
        <h3 className="text-base font-semibold text-slate-800">
          {state.step}. {STEP_TITLES[state.step - 1]}
        </h3>
      </CardHeader>
      <CardContent className="space-y-5">
        {state.step === 1 && (
          <WizardPlatforms
            selected={state.platforms}
            connected={connected}
            onToggle={(p) => onChange(togglePlatform(state, p))}
          />
        )}
        {state.step === 2 && <WizardContent state={state} onChange={onChange} writing={writing} />}
        {state.step === 3 && <WizardSchedule state={state} timezone={timezone} onChange={onChange} />}
        {state.step === 4 && (
          <WizardReview state={state} businessName={businessName} timezone={timezone} connected={connected} />
        )}

        {state.step === 4 && (leftOut.length > 0 || blocked) && (
          <div role="alert" className="space-y-1 text-sm font-medium break-words text-red-700">
            {leftOut.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {blocked && <p>{blocked}</p>}
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
          <Button
            variant="outline"
            disabled={state.step === 1}
            onClick={() => go((state.step - 1) as WizardState['step'])}
          >
            Previous
          </Button>
          {state.step < 4 ? (
            <Button disabled={!canGoNext(state)} onClick={() => go((state.step + 1) as WizardState['step'])}>
              Next
            </Button>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={create.isPending || blocked !== null} onClick={() => submit(true)}>
                Post now
              </Button>
              <Button disabled={create.isPending || blocked !== null} onClick={() => submit(false)}>
                {create.isPending ? 'Scheduling...' : 'Schedule Posts'}
              </Button>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
