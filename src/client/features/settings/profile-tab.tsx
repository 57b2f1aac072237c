import type { TAuthUser } from '@shared/schemas/auth';
import { AccountInfo } from './account-info';
import { ChangePasswordForm } from './change-password-form';
import { EmailVerificationCard } from './email-verification-card';
import { ProfileDetailsCard } from './profile-details-card';

/** Settings → Profile: names, email, verification, password and account info. */
export function ProfileTab({ user }: { user: TAuthUser }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ProfileDetailsCard key={user.id} user={user} />
      <EmailVerificationCard user={user} />
      <ChangePasswordForm />
      <AccountInfo user={user} />
    </div>
  );
}
