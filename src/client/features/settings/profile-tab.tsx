import { useAuth } from '@/features/auth/use-auth';
import { AccountInfo } from './account-info';
import { ChangePasswordForm } from './change-password-form';
import { EmailVerificationCard } from './email-verification-card';
import { ProfileDetailsCard } from './profile-details-card';

/** Settings → Profile (spec-1 §2): names, email, verification, password and account info. */
export function ProfileTab() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ProfileDetailsCard key={user.id} user={user} />
      <EmailVerificationCard user={user} />
      <ChangePasswordForm />
      <AccountInfo user={user} />
    </div>
  );
}
