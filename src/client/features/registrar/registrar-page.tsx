import { BeingBuilt } from '@/features/shell/being-built';

export default function RegistrarPage() {
  return <BeingBuilt area="Domain registrar" />;
}
