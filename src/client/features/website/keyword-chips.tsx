import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';

/** Keywords are trimmed and never duplicated (case-blind); clicking a chip removes it. */
export function addKeyword(list: string[], raw: string): string[] {
  const word = raw.trim();
  if (!word || list.some((k) => k.toLowerCase() === word.toLowerCase())) return list;
  return [...list, word];
}

export function KeywordChips({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addKeyword(value, draft));
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id="blog-keywords"
          value={draft}
          maxLength={60}
          placeholder="e.g. furnace repair"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen keywords">
          {value.map((k) => (
            <li key={k}>
              <button
                type="button"
                onClick={() => onChange(value.filter((x) => x !== k))}
                aria-label={`Remove keyword ${k}`}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
              >
                {k}
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
