import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { lazyPage, MountWhen } from '@/lib/lazy-page';

/** The form and its schema (zod) load on intent, not with the list. */
const AddLeadForm = lazyPage(() => import('./add-lead-form'));
const preload = () => void AddLeadForm.preload();

/**
 * The Add Lead button and its dialog. `startOpen` opens it on arrival (the dashboard's
 * "Add New Lead" goes to /leads?action=add).
 */
export function AddLeadDialog({ startOpen = false }: { startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        className="w-full md:w-auto"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" />
        Add Lead
      </Button>
      <MountWhen when={open}>
        <AddLeadForm open={open} setOpen={setOpen} returnFocusTo={button} />
      </MountWhen>
    </>
  );
}
