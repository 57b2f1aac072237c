import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { SendHorizontal } from 'lucide-react';
import type { TFelixModel } from '@shared/schemas/felix';
import { FELIX_MESSAGE_MAX } from '@shared/felix-limits';
import { Button } from '@/components/ui/button';

export interface ComposerProps {
  pending: boolean;
  onSend: (text: string) => boolean;
  models: TFelixModel[];
  model: string;
  onModelChange: (id: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The text input (Enter sends, Shift+Enter breaks the line), the send button and the model choice. */
export function FelixComposer({ pending, onSend, models, model, onModelChange, inputRef }: ComposerProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const modelId = useId();
  const noteId = useId();
  const blank = text.trim().length === 0;
  const selected = models.find((m) => m.id === model);
  const offlineNote = selected && !selected.available;

  const submit = () => {
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Message Felix
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={FELIX_MESSAGE_MAX}
          placeholder="Ask Felix anything…"
          className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={pending || blank}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <label htmlFor={modelId} className="text-xs font-medium text-slate-600">
          Model
        </label>
        <select
          id={modelId}
          value={model}
          onChange={(event) => onModelChange(event.target.value)}
          aria-describedby={offlineNote ? noteId : undefined}
          className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-xs text-slate-900"
        >
          {models.map((m) => (
            <option key={m.id} value={m.id} disabled={!m.available}>
              {m.available ? m.name : `${m.name} (not configured)`}
            </option>
          ))}
        </select>
      </div>
      {offlineNote && (
        <p id={noteId} className="mt-1.5 text-xs text-slate-600">
          No AI provider is set up for this model, so Felix's offline engine answers from your own data.
        </p>
      )}
    </form>
  );
}
