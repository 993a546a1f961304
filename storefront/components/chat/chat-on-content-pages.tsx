'use client';
import { usePathname } from 'next/navigation';
import type { ChatCatalogue } from '@/lib/chat/chat-catalogue';
import { showsChatAssistant } from '@/lib/chat/chat-pages';
import { ChatLauncher } from './chat-launcher';

/** The chat assistant, on the content pages only (docs/product.md#what-the-shop-is). */
export function ChatOnContentPages({ catalogue }: { catalogue: ChatCatalogue }) {
  return showsChatAssistant(usePathname()) ? <ChatLauncher catalogue={catalogue} /> : null;
}
