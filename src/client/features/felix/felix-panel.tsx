import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Bot, X } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { TAuthUser } from '@shared/schemas/auth';
import { cn } from '@/lib/utils';
import { FELIX_FALLBACK_MODELS } from '@shared/felix';
import { useFelixModels } from './felix-api';
import { FelixComposer } from './felix-composer';
import { FelixGuide, taskFrom, type FelixTask } from './felix-guide';
import { useFelixOpenRequests } from './felix-open';
import { FelixMessageView, TypingIndicator } from './felix-message-view';
import { useFelixChat } from './use-felix-chat';

/** Below Tailwind's `sm`, the panel is a full-width sheet that hides the page. */
function isPhoneWidth(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;
}

/** The Felix assistant: a floating button opening a slide-out chat panel. */
export function FelixPanel({ user }: { user: TAuthUser }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [open, setOpen] = useState(false);
  const [task, setTask] = useState<FelixTask | null>(null);
  const chat = useFelixChat({ firstName: user.firstName, currentPage: location });
  // /felix?task=… (a hint's or Felix's own link) opens the panel on that guide, and /felix?hint=…
  // &action=get-ideas opens it asking for ideas. Each address is acted on once, when it is reached.
  const requestKey = location === '/felix' ? search : '';
  const [handledKey, setHandledKey] = useState('');
  const wantsIdeas = new URLSearchParams(requestKey).get('action') === 'get-ideas';
  if (requestKey && requestKey !== handledKey) {
    setHandledKey(requestKey);
    const requested = taskFrom(location, search);
    if (requested) setTask(requested);
    if (requested || wantsIdeas) setOpen(true);
  }
  const askedIdeas = useRef('');
  useEffect(() => {
    if (!wantsIdeas || askedIdeas.current === requestKey) return;
    askedIdeas.current = requestKey;
    chat.send('Give me ideas for what to do during business hours today.');
  }, [wantsIdeas, requestKey, chat]);
  const models = useFelixModels(open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listEndRef = useRef<HTMLLIElement>(null);
  const titleId = useId();
  const panelId = useId();

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useFelixOpenRequests(useCallback(() => setOpen(true), []));

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // A guide stays in view from its top until the owner asks something; otherwise follow the chat.
  const guideRef = useRef<HTMLLIElement>(null);
  const asking = chat.messages.some((m) => m.type === 'user');
  useEffect(() => {
    if (task && !asking) guideRef.current?.scrollIntoView?.({ block: 'start' });
    else listEndRef.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, chat.pending, open, task, asking]);

  const goTo = (route: string) => {
    navigate(route);
    // On a phone the sheet covers the page the user just asked to see.
    if (isPhoneWidth()) setOpen(false);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Chat with Felix"
        data-lift
        className={cn(
          'fixed right-4 bottom-20 z-40 flex size-14 sm:bottom-4 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition hover:bg-brand-700 focus-visible:ring-4 focus-visible:ring-brand-300',
          open && 'max-sm:hidden',
        )}
      >
        <Bot aria-hidden="true" className="size-7" />
      </button>
      <section
        id={panelId}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            close();
          }
        }}
        className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[400px] sm:border-l sm:border-slate-200"
      >
        <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              Felix
            </h2>
            <p className="truncate text-xs text-slate-600">Your marketing assistant</p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label="Close Felix"
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </header>
        <ol
          aria-label="Conversation with Felix"
          aria-live="polite"
          aria-relevant="additions"
          className="flex-1 space-y-4 overflow-y-auto px-4 py-4"
        >
          {task ? (
            <li ref={guideRef} className="scroll-mt-4">
              <FelixGuide task={task} onNavigate={goTo} />
            </li>
          ) : null}
          {chat.messages.map((message) => (
            <FelixMessageView key={message.id} message={message} onNavigate={goTo} onDismiss={chat.dismiss} />
          ))}
          {chat.pending && <TypingIndicator />}
          <li ref={listEndRef} aria-hidden="true" />
        </ol>
        <FelixComposer
          pending={chat.pending}
          onSend={chat.send}
          models={models.data?.models ?? FELIX_FALLBACK_MODELS}
          model={chat.model}
          onModelChange={chat.setModel}
          inputRef={inputRef}
        />
      </section>
    </>
  );
}
