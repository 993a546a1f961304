'use client';
import { usePathname } from 'next/navigation';
import { showsChatAssistant } from '@/lib/chat/chat-pages';
import { ChatLauncher } from './chat-launcher';

/** The chat assistant, on the content pages only (spec §1). */
export function ChatOnContentPages() {
  return showsChatAssistant(usePathname()) ? <ChatLauncher /> : null;
}
