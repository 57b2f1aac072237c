import { BUSINESS_TYPES, TEAM_SIZES, YEARS_IN_BUSINESS } from '@shared/onboarding';
import { RadioCardGroup } from './choice-group';
import type { StepProps } from './step-props';
import { TextField } from '@/components/ui/form-field';

export function StepBusiness({ profile, update }: StepProps) {
  return (
    <div className="space-y-8">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          inputClassName="h-11"
          id="onboarding-business-name"
          label="Business name"
          hint="Required"
          value={profile.businessName}
          onChange={(event) => update({ businessName: event.target.value })}
          maxLength={120}
          autoComplete="organization"
          placeholder="e.g. Brooks Heating & Air"
          required
        />
        <TextField
          inputClassName="h-11"
          id="onboarding-service-area"
          label="Service area"
          hint="The towns, city or region you cover"
          value={profile.serviceArea}
          onChange={(event) => update({ serviceArea: event.target.value })}
          maxLength={200}
          placeholder="e.g. Austin and nearby suburbs"
        />
      </div>
      <RadioCardGroup
        name="businessType"
        legend="Type of business"
        hint="Required"
        options={BUSINESS_TYPES}
        value={profile.businessType}
        onChange={(businessType) => update({ businessType })}
        layout="quad"
      />
      <RadioCardGroup
        name="teamSize"
        legend="Team size"
        options={TEAM_SIZES}
        value={profile.teamSize}
        onChange={(teamSize) => update({ teamSize })}
      />
      <RadioCardGroup
        name="yearsInBusiness"
        legend="Years in business"
        options={YEARS_IN_BUSINESS}
        value={profile.yearsInBusiness}
        onChange={(yearsInBusiness) => update({ yearsInBusiness })}
      />
    </div>
  );
}
