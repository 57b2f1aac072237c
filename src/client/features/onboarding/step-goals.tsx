import { CURRENT_CHALLENGES, MONTHLY_BUDGETS, PRIMARY_GOALS } from '@shared/onboarding';
import { CheckboxCardGroup, RadioCardGroup } from './choice-group';
import type { StepProps } from './step-props';

export function StepGoals({ profile, update }: StepProps) {
  return (
    <div className="space-y-8">
      <CheckboxCardGroup
        name="primaryGoals"
        legend="Primary goals"
        hint="Choose at least one — pick as many as matter."
        options={PRIMARY_GOALS}
        value={profile.primaryGoals}
        onChange={(primaryGoals) => update({ primaryGoals })}
      />
      <CheckboxCardGroup
        name="currentChallenges"
        legend="Current challenges"
        hint="What gets in the way today?"
        options={CURRENT_CHALLENGES}
        value={profile.currentChallenges}
        onChange={(currentChallenges) => update({ currentChallenges })}
      />
      <RadioCardGroup
        name="monthlyBudget"
        legend="Monthly marketing budget"
        options={MONTHLY_BUDGETS}
        value={profile.monthlyBudget}
        onChange={(monthlyBudget) => update({ monthlyBudget })}
        layout="wide"
      />
    </div>
  );
}
