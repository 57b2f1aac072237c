import { AUTOMATION_LEVELS, CONTENT_TONES, REPORTING_FREQUENCIES } from '@shared/onboarding';
import { RadioCardGroup } from './choice-group';
import type { StepProps } from './step-props';

export function StepPreferences({ profile, update }: StepProps) {
  return (
    <div className="space-y-8">
      <RadioCardGroup
        name="contentTone"
        legend="Content tone"
        hint="Required — how your posts and replies should sound."
        options={CONTENT_TONES}
        value={profile.contentTone}
        onChange={(contentTone) => update({ contentTone })}
        layout="quad"
      />
      <RadioCardGroup
        name="automationLevel"
        legend="Automation level"
        options={AUTOMATION_LEVELS}
        value={profile.automationLevel}
        onChange={(automationLevel) => update({ automationLevel })}
        layout="trio"
      />
      <RadioCardGroup
        name="reportingFrequency"
        legend="Reporting frequency"
        hint="How often you want a results summary."
        options={REPORTING_FREQUENCIES}
        value={profile.reportingFrequency}
        onChange={(reportingFrequency) => update({ reportingFrequency })}
        layout="quad"
      />
    </div>
  );
}
