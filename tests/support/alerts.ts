import type { Page } from '@playwright/test';

/** Records and accepts every alert, so an alert never stalls the click that opened it. */
export function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}
