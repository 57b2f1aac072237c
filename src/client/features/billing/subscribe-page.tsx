import { BeingBuilt } from '@/features/shell/being-built';

export default function SubscribePage() {
  return <BeingBuilt area="Subscriptions" />;
}
