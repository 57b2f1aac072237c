import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

// Radix Toast loads with the first toast, keeping it out of the entry chunk.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
