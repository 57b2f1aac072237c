import type { DraftProfile } from './draft-profile';

export interface StepProps {
  profile: DraftProfile;
  update: (patch: Partial<DraftProfile>) => void;
}
