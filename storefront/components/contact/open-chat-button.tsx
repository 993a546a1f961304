'use client';
import type { ReactNode } from 'react';
import { OPEN_CHAT_EVENT } from '@/lib/chat/client/open-chat-event';

/**
 * Opens the chat assistant. The assistant is mounted elsewhere on the page and listens for
 * this window event, so the contact page needs no reference to it.
 */
export function OpenChatButton({
  className,
  children,
}: {
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => window.dispatchEvent(new Event(OPEN_CHAT_EVENT))}
      className={className}
    >
      {children}
    </button>
  );
}
