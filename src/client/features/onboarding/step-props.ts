import type { DraftProfile } from './onboarding-draft';

export interface StepProps {
  profile: DraftProfile;
  update: (patch: Partial<DraftProfile>) => void;
}
