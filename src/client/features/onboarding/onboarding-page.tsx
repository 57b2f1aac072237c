import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { onboardingMessages } from '@shared/onboarding';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth/use-auth';
import { ApiError } from '@/lib/api';
import { authKeys } from '@/lib/query-keys';
import { usePageMeta } from '@/lib/use-page-meta';
import { AccountPromptDialog } from './account-prompt-dialog';
import { EmailPlanDialog } from './email-plan-dialog';
import { useCompleteOnboarding, useEmailPlan, useGeneratePlan, useSavedOnboarding } from './onboarding-api';
import { checkProfile, profileKey, websiteUrlError } from './onboarding-draft';
import { blockedReason, canAdvance, LAST_STEP, STEPS, type StepIndex } from './onboarding-steps';
import { StepBusiness } from './step-business';
import { StepGoals } from './step-goals';
import { StepMarketing, WEBSITE_URL_ID } from './step-marketing';
import { StepPlan, type PlanStatus } from './step-plan';
import { StepPreferences } from './step-preferences';
import { useOnboardingDraft } from './use-onboarding-draft';
import { WizardFooter } from './wizard-footer';
import { WizardProgress } from './wizard-progress';

const ONBOARDING_TITLE = 'Get set up · Fieldwise';
const ONBOARDING_DESCRIPTION =
  'Tell Fieldwise about your business in five short steps and get a marketing plan written for your trade, team and area.';

const PLAN_SENT_TITLE = 'Plan Sent';

export default function OnboardingPage() {
  usePageMeta(ONBOARDING_TITLE, ONBOARDING_DESCRIPTION);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  const saved = useSavedOnboarding(isAuthenticated);
  const { draft, updateProfile, setStep, setPlanFor, clear } = useOnboardingDraft(saved.data ?? undefined);
  const { step, profile, plan } = draft;

  const generate = useGeneratePlan();
  const send = useEmailPlan();
  const complete = useCompleteOnboarding();
  const [emailOpen, setEmailOpen] = useState(false);
  const [promptOpen, setPromptOpen] = useState(false);
  const [websiteChecked, setWebsiteChecked] = useState(false);

  // Focus follows the step, so keyboard and screen-reader users land on the new step's title.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: StepIndex) => {
    moved.current = true;
    setStep(next);
  };

  const generatePlan = () => {
    const check = checkProfile(profile);
    if (!check.ok) {
      toast({ variant: 'destructive', title: onboardingMessages.generationFailedTitle, description: check.message });
      return;
    }
    const forKey = profileKey(profile);
    generate.mutate(check.profile, {
      onSuccess: (result) => setPlanFor(forKey, { recommendations: result.recommendations, source: result.source }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: onboardingMessages.generationFailedTitle,
          description: onboardingMessages.generationFailed,
        }),
    });
  };

  const goNext = (event?: FormEvent) => {
    event?.preventDefault();
    if (step === LAST_STEP || !canAdvance(step, profile)) return;
    if (step === 2 && websiteUrlError(profile)) {
      setWebsiteChecked(true);
      document.getElementById(WEBSITE_URL_ID)?.focus();
      return;
    }
    const next = (step + 1) as StepIndex;
    goTo(next);
    if (next === LAST_STEP && !plan) generatePlan();
  };

  const needsAccount = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return false;
    void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    setEmailOpen(false);
    setPromptOpen(true);
    return true;
  };

  const openEmail = () => (isAuthenticated ? setEmailOpen(true) : setPromptOpen(true));

  const sendPlan = () => {
    if (!plan) return;
    const check = checkProfile(profile);
    if (!check.ok) {
      toast({ variant: 'destructive', title: onboardingMessages.emailFailedTitle, description: check.message });
      return;
    }
    send.mutate(
      { profile: check.profile, recommendations: plan.recommendations },
      {
        onSuccess: (result) => {
          setEmailOpen(false);
          toast({ title: PLAN_SENT_TITLE, description: result.message });
        },
        onError: (error) => {
          if (needsAccount(error)) return;
          toast({
            variant: 'destructive',
            title: onboardingMessages.emailFailedTitle,
            // The server's reason when it gives one (address not verified yet), else the spec's text.
            description:
              error instanceof ApiError && error.status === 400 ? error.message : onboardingMessages.emailFailed,
          });
        },
      },
    );
  };

  const completeSetup = () => {
    if (!plan) return;
    if (!isAuthenticated) {
      setPromptOpen(true);
      return;
    }
    const check = checkProfile(profile);
    if (!check.ok) {
      toast({ variant: 'destructive', title: 'Error', description: check.message });
      return;
    }
    complete.mutate(
      { profile: check.profile, recommendations: plan.recommendations },
      {
        onSuccess: () => {
          clear();
          navigate('/dashboard');
        },
        onError: (error) => {
          if (needsAccount(error)) return;
          toast({ variant: 'destructive', title: 'Error', description: error.message });
        },
      },
    );
  };

  const planStatus: PlanStatus = generate.isPending ? 'pending' : generate.isError && !plan ? 'error' : 'idle';
  const errorDetail =
    generate.error instanceof ApiError && (generate.error.status === 429 || generate.error.status === 400)
      ? generate.error.message
      : undefined;
  const { title, description } = STEPS[step];

  const stepBody = (() => {
    switch (step) {
      case 0:
        return <StepBusiness profile={profile} update={updateProfile} />;
      case 1:
        return <StepGoals profile={profile} update={updateProfile} />;
      case 2:
        return (
          <StepMarketing
            profile={profile}
            update={updateProfile}
            websiteError={websiteChecked ? websiteUrlError(profile) : undefined}
            onWebsiteBlur={() => setWebsiteChecked(true)}
          />
        );
      case 3:
        return <StepPreferences profile={profile} update={updateProfile} />;
      case 4:
        return <StepPlan plan={plan} status={planStatus} errorDetail={errorDetail} onGenerate={generatePlan} />;
    }
  })();

  const footer = (
    <WizardFooter
      step={step}
      canNext={canAdvance(step, profile)}
      blockedReason={blockedReason(step)}
      onPrevious={() => step > 0 && goTo((step - 1) as StepIndex)}
      planReady={plan !== null && !generate.isPending && !authLoading}
      visitor={!authLoading && !isAuthenticated}
      completing={complete.isPending}
      onEmail={openEmail}
      onComplete={completeSetup}
    />
  );

  const content = (
    <>
      <div className="px-4 pt-6 sm:px-8 sm:pt-8">
        <h2
          id="onboarding-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none sm:text-2xl"
        >
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 sm:text-base">{description}</p>
      </div>
      <div className="px-4 pt-6 pb-8 sm:px-8">{stepBody}</div>
      {footer}
    </>
  );

  return (
    <div className="bg-linear-to-b from-brand-50 via-white to-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Get set up</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">
          Build your marketing plan
        </h1>
        <p className="mt-3 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
          Five short steps, about five minutes. Your answers are saved on this device as you go.
        </p>

        <div className="mt-8 rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="border-b border-slate-200 px-4 py-5 sm:px-8">
            <WizardProgress step={step} />
          </div>
          {step === LAST_STEP ? (
            <section aria-labelledby="onboarding-step-title">{content}</section>
          ) : (
            <form aria-labelledby="onboarding-step-title" noValidate onSubmit={goNext}>
              {content}
            </form>
          )}
        </div>
      </div>

      <EmailPlanDialog
        open={emailOpen}
        onOpenChange={setEmailOpen}
        email={user?.email ?? ''}
        emailVerified={user?.emailVerified ?? false}
        sending={send.isPending}
        onSend={sendPlan}
      />
      <AccountPromptDialog open={promptOpen} onOpenChange={setPromptOpen} />
    </div>
  );
}
