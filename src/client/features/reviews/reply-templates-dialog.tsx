import { Trash2 } from 'lucide-react';
// eslint-disable-next-line no-restricted-imports -- the templates dialog is mounted on intent (MountWhen)
import { ZReplyTemplateRequest } from '@shared/schemas/reviews';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { checkSchema } from '@/components/form/check-schema';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';
import { errorMessage } from '@/lib/api';
import { useCreateTemplate, useDeleteTemplate, useReplyTemplates } from './reviews-api';

const ID = 'template';
const ORDER = ['name', 'body'] as const;

/** Reply templates (/reviews?action=templates): saved for the business, with {name} and {business} placeholders. */
export function ReplyTemplatesDialog({
  open,
  onClose,
  canManage,
}: {
  open: boolean;
  onClose: () => void;
  canManage: boolean;
}) {
  const templates = useReplyTemplates();
  const create = useCreateTemplate();
  const remove = useDeleteTemplate();
  const form = useFormFields({ name: '', body: 'Thank you, {name}! We appreciate you choosing {business}.' });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Reply templates</DialogTitle>
          <DialogDescription>
            Pick one with Use template on any review instead of generating with AI. {'{name}'} becomes the reviewer's
            first name and {'{business}'} your business name.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Saved templates" className="space-y-2">
          {(templates.data?.templates ?? []).map((t) => (
            <li key={t.id} className="flex items-start justify-between gap-2 rounded-lg bg-slate-50 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{t.name}</p>
                <p className="break-words whitespace-pre-wrap text-slate-700">{t.body}</p>
              </div>
              {canManage ? (
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete template ${t.name}`}
                  onClick={() => remove.mutate(t.id)}
                  disabled={remove.isPending}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
          {templates.data?.templates.length === 0 ? (
            <li className="text-sm text-slate-600">No templates yet.</li>
          ) : null}
        </ul>
        {canManage ? (
          <form
            noValidate
            className="space-y-3 border-t border-slate-200 pt-3"
            onSubmit={(e) => {
              e.preventDefault();
              sendIfValid(
                checkSchema(ZReplyTemplateRequest, form.values),
                { idPrefix: ID, order: ORDER, setErrors: form.setErrors },
                (data, onError) =>
                  create.mutate(data, {
                    onSuccess: () => {
                      form.setValues({ name: '', body: '' });
                      toast({ title: 'Template Saved', description: 'Pick it with Use template on any review.' });
                    },
                    onError: (err) => {
                      onError(err);
                      toast({
                        title: 'Error',
                        description: errorMessage(err, 'Could not save the template.'),
                        variant: 'destructive',
                      });
                    },
                  }),
              );
            }}
          >
            <TextField
              id={`${ID}-name`}
              label="Template name"
              value={form.values.name}
              onChange={(e) => form.setField('name', e.target.value)}
              error={form.errors.name}
              maxLength={80}
            />
            <div className="space-y-1.5">
              <Label htmlFor={`${ID}-body`}>Template text</Label>
              <Textarea
                id={`${ID}-body`}
                value={form.values.body}
                onChange={(e) => form.setField('body', e.target.value)}
                rows={4}
                maxLength={2000}
                aria-invalid={form.errors.body ? true : undefined}
                aria-describedby={form.errors.body ? `${ID}-body-error` : undefined}
              />
              <FieldError id={`${ID}-body-error`} message={form.errors.body} />
            </div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Save Template'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">A manager or admin adds and removes templates.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
