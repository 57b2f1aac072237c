import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** "Remove configuration" behind a confirmation, since it deletes stored secrets for good. */
export function RemoveConfigButton({
  what,
  consequence,
  removing,
  onConfirm,
}: {
  what: string;
  consequence: string;
  removing: boolean;
  onConfirm: (done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Remove configuration
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove the ${what} configuration?`}
        description={`${consequence} This cannot be undone.`}
        confirmLabel={removing ? 'Removing...' : 'Remove'}
        pending={removing}
        error={null}
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
  );
}
