'use client';
import { usePathname } from 'next/navigation';
import { showsChatAssistant } from '@/lib/chat/client/chat-pages';
import type { ChatCatalogue } from '@/lib/chat/protocol';
import { ChatLauncher } from './chat-launcher';

/** The chat assistant, on the content pages only (docs/product.md#what-the-shop-is). */
export function ChatOnContentPages({ catalogue }: { catalogue: ChatCatalogue }) {
  return showsChatAssistant(usePathname()) ? <ChatLauncher catalogue={catalogue} /> : null;
}
