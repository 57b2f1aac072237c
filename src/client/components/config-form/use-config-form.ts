import { useState, type FormEvent } from 'react';
import { SETTINGS_MESSAGES, type TSettingsSection } from '@shared/settings';
import { toast } from '@/components/ui/use-toast';
import { useFormFields, focusFirstError } from '@/components/form/use-form-fields';
import { errorMessage, fieldErrorsOf, type FieldErrors } from '@/lib/api';
import { useRemoveSettings, useSaveSettings } from './config-api';

/** A refused save: the spec's toast title and text, and the fields to mark. */
export interface ConfigProblem {
  title: string;
  message: string;
  /** Field name -> the message under it. */
  fields: FieldErrors;
}

export const REQUIRED = 'This field is required';

/** `fields` all marked "required" when empty. */
export function missingFields(values: Record<string, string>, names: readonly string[]): FieldErrors {
  return Object.fromEntries(names.filter((name) => !values[name]?.trim()).map((name) => [name, REQUIRED]));
}

const SAVE_FAILED_TITLE = 'Settings Not Saved';

/** A refused save's message is one of the spec texts; its toast takes that text's title. */
function titleFor(message: string): string {
  return Object.values(SETTINGS_MESSAGES).find((m) => m.message === message)?.title ?? SAVE_FAILED_TITLE;
}

interface Options<T, B> {
  section: TSettingsSection;
  /** Prefix of the inputs' ids, so the first wrong field can take the focus. */
  idPrefix: string;
  initial: T;
  /** The values after "Remove configuration". */
  blank: T;
  /** Names of the write-only fields: cleared after a save, so the typed secret leaves the page. */
  secrets: readonly (keyof T & string)[];
  /** The spec's client-side check, run before anything is sent. */
  check?: (values: T) => ConfigProblem | null;
  toBody: (values: T) => B;
  saved: { title: string; message: string; after?: () => void };
  removed: { title: string; message: string };
}

/**
 * One settings section's form: typed values, client checks with the spec's toasts, the save
 * (server field errors go under their fields, typed values are kept), and the removal.
 * `generation` changes after a save or removal so secret fields fold back to their mask.
 */
export function useConfigForm<T extends { [K in keyof T]: string | boolean }, B>(options: Options<T, B>) {
  const { section, idPrefix, secrets } = options;
  const fields = useFormFields<T>(options.initial);
  const save = useSaveSettings<B>(section);
  const remove = useRemoveSettings(section);
  const [generation, setGeneration] = useState(0);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const problem = options.check?.(fields.values) ?? null;
    if (problem) {
      fields.setErrors(problem.fields);
      focusFirstError(idPrefix, Object.keys(fields.values), problem.fields);
      toast({ variant: 'destructive', title: problem.title, description: problem.message });
      return;
    }
    fields.setErrors({});
    save.mutate(options.toBody(fields.values), {
      onSuccess: () => {
        fields.setValues((current) => ({ ...current, ...Object.fromEntries(secrets.map((name) => [name, ''])) }));
        setGeneration((g) => g + 1);
        toast({ title: options.saved.title, description: options.saved.message });
        options.saved.after?.();
      },
      onError: (error) => {
        const serverFields = fieldErrorsOf(error);
        fields.setErrors(serverFields);
        focusFirstError(idPrefix, Object.keys(fields.values), serverFields);
        const message = errorMessage(error, 'Your settings could not be saved. Please try again.');
        toast({ variant: 'destructive', title: titleFor(message), description: message });
      },
    });
  }

  function removeConfig(onDone: () => void) {
    remove.mutate(undefined, {
      onSuccess: () => {
        fields.setValues(options.blank);
        fields.setErrors({});
        setGeneration((g) => g + 1);
        toast({ title: options.removed.title, description: options.removed.message });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Not Removed',
          description: errorMessage(error, 'The configuration could not be removed. Please try again.'),
        });
        onDone();
      },
    });
  }

  return { ...fields, submit, saving: save.isPending, removeConfig, removing: remove.isPending, generation };
}

export type ConfigForm = ReturnType<typeof useConfigForm>;
