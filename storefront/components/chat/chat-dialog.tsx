'use client';
/**
 * The chat window (docs/product.md#home, #states, #validation, #chat-assistant): a modal dialog
 * with the conversation, a 'Typing...' line until the reply's first words arrive, the reply as it
 * is written, the pages it comes from, and the message box. Loaded on the first open only, and
 * kept mounted afterwards (hidden while closed) so the conversation survives closing.
 */
import Link from 'next/link';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { requestChatReply, type ChatReply } from '@/lib/chat/client/request-chat-reply';
import { MAX_CHAT_MESSAGE_LENGTH, type ChatCatalogue, type ChatSource } from '@/lib/chat/protocol';
import { CloseIcon } from '@/components/layout/close-icon';
import { wrapTabFocus } from '@/lib/a11y/wrap-tab-focus';

export interface ChatMessage {
  id: string;
  content: string;
  isUser: boolean;
  timestamp: Date;
  /** The pages an assistant's reply comes from. */
  sources?: ChatSource[];
}

export const WELCOME_MESSAGE =
  "Hello! I'm your ABA specialist assistant. Ask me anything about ABA strategies at home, our eBooks, prices or downloads. How can I help your family today?";

const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

export function ChatDialog({
  open,
  onClose,
  catalogue,
}: {
  open: boolean;
  onClose: () => void;
  /** The eBooks' names and prices, for the canned replies when the chat route fails. */
  catalogue: ChatCatalogue;
}) {
  const titleId = useId();
  const inputId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const lastId = useRef(0);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: 'welcome', content: WELCOME_MESSAGE, isUser: false, timestamp: new Date() },
  ]);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(false);
  /** The reply being written, while it streams in. */
  const [partial, setPartial] = useState<ChatReply | null>(null);

  // On opening, and again when a reply has arrived and the box is enabled again.
  useEffect(() => {
    if (open && !waiting) inputRef.current?.focus();
  }, [open, waiting]);

  useEffect(() => {
    const log = logRef.current;
    if (open && log) log.scrollTop = log.scrollHeight;
  }, [open, messages, waiting, partial]);

  // Esc closes, and Tab and Shift+Tab wrap around inside the dialog (it is modal).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.isComposing) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (panelRef.current) wrapTabFocus(event, panelRef.current, FOCUSABLE);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  const message = (content: string, isUser: boolean, sources?: ChatSource[]): ChatMessage => ({
    id: String(++lastId.current),
    content,
    isUser,
    timestamp: new Date(),
    sources,
  });

  async function send() {
    const text = draft.trim();
    if (!text || waiting) return;
    // The conversation so far goes with the message, so that a follow-up is understood.
    const history = messages
      .filter((entry) => entry.id !== 'welcome')
      .map((entry) => ({
        role: entry.isUser ? ('user' as const) : ('assistant' as const),
        content: entry.content,
      }));
    setMessages((list) => [...list, message(text, true)]);
    setDraft('');
    setWaiting(true);
    // The box and the button are about to be disabled; the conversation keeps the focus
    // inside the dialog meanwhile.
    logRef.current?.focus();
    const { reply, sources } = await requestChatReply({
      message: text,
      history,
      catalogue,
      onProgress: setPartial,
    });
    setMessages((list) => [...list, message(reply, false, sources)]);
    setPartial(null);
    setWaiting(false);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <div hidden={!open}>
      <div className="fixed inset-0 z-40 bg-slate-900/30" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="fixed inset-x-4 bottom-20 z-50 flex h-96 max-h-[calc(100dvh-6rem)] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 sm:inset-x-auto sm:bottom-24 sm:right-6 sm:w-96"
      >
        <div className="flex items-center justify-between gap-3 bg-emerald-700 px-4 py-3 text-white">
          <div>
            <h2 id={titleId} className="font-semibold leading-tight">
              ABA Specialist Assistant
            </h2>
            <p className="text-xs text-emerald-50">General guidance, not medical advice</p>
          </div>
          <button
            type="button"
            aria-label="Close chat"
            onClick={onClose}
            className="rounded-full p-1.5 hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-white"
          >
            <CloseIcon />
          </button>
        </div>

        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          // Screen readers wait for the whole reply rather than read each piece as it streams.
          aria-busy={waiting}
          aria-label="Conversation"
          tabIndex={0}
          className="flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700"
        >
          {messages.map((entry) => (
            <ChatBubble key={entry.id} entry={entry} />
          ))}
          {partial?.reply.trim() ? (
            <ChatBubble
              entry={{
                id: 'partial',
                content: partial.reply,
                isUser: false,
                timestamp: new Date(),
              }}
            />
          ) : waiting ? (
            <p className="text-sm italic text-slate-600">Typing...</p>
          ) : null}
        </div>

        <form
          className="flex items-end gap-2 border-t border-slate-200 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Your message
          </label>
          <textarea
            ref={inputRef}
            id={inputId}
            rows={1}
            value={draft}
            maxLength={MAX_CHAT_MESSAGE_LENGTH}
            placeholder="Ask me anything about ABA..."
            disabled={waiting}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onInputKeyDown}
            className="max-h-24 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm [field-sizing:content] placeholder:text-slate-500 focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/30 disabled:bg-slate-100"
          />
          <button
            type="submit"
            aria-label="Send message"
            disabled={waiting || !draft.trim()}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
              <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
            </svg>
          </button>
        </form>
      </div>
    </div>
  );
}

function ChatBubble({ entry }: { entry: ChatMessage }) {
  return (
    <div className={`flex flex-col ${entry.isUser ? 'items-end' : 'items-start'}`}>
      <p
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm leading-relaxed ${
          entry.isUser
            ? 'rounded-br-sm bg-emerald-700 text-white'
            : 'rounded-bl-sm bg-slate-100 text-slate-900'
        }`}
      >
        <span className="sr-only">{entry.isUser ? 'You: ' : 'Assistant: '}</span>
        {entry.content}
      </p>
      {entry.sources?.length ? (
        <p className="mt-1 max-w-[85%] px-1 text-xs text-slate-700">
          Read more:{' '}
          {entry.sources.map((source, i) => (
            <span key={source.url}>
              {i ? ', ' : ''}
              <Link
                href={source.url}
                className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
              >
                {source.title}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
