'use client';
/**
 * The round chat button at the bottom right. It is all the chat adds to a page's first load:
 * the dialog's code is fetched when the visitor first opens it (or points at the button).
 * Other parts of the page open the chat with the OPEN_CHAT_EVENT window event.
 */
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { OPEN_CHAT_EVENT } from '@/lib/chat/client/open-chat-event';
import type { ChatCatalogue } from '@/lib/chat/protocol';

const loadDialog = () => import('./chat-dialog');
const ChatDialog = lazy(() => loadDialog().then((module) => ({ default: module.ChatDialog })));

export function ChatLauncher({ catalogue }: { catalogue: ChatCatalogue }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  const openChat = useCallback(() => {
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setOpen(true);
    setEverOpened(true);
  }, []);

  // Focus goes back to what opened the chat (this button, or e.g. the Contact page's
  // 'Start Live Chat'), else to this button.
  const closeChat = useCallback(() => {
    setOpen(false);
    const opener = openerRef.current;
    (opener?.isConnected ? opener : launcherRef.current)?.focus();
  }, []);

  useEffect(() => {
    window.addEventListener(OPEN_CHAT_EVENT, openChat);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, openChat);
  }, [openChat]);

  const preload = () => void loadDialog();

  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        aria-label="Open chat assistant"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openChat}
        onPointerEnter={preload}
        onFocus={preload}
        className="fixed bottom-4 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 sm:bottom-6 sm:right-6"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
          <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
        </svg>
      </button>
      {everOpened ? (
        <Suspense fallback={null}>
          <ChatDialog open={open} onClose={closeChat} catalogue={catalogue} />
        </Suspense>
      ) : null}
    </>
  );
}
