/**
 * The chat assistant (docs/product.md#home, #states, #validation, #error-catalogue,
 * #chat-assistant): a round button on the content pages opens a modal chat that answers from
 * the storefront's /api/chat. The journeys run without a model, so the answers come from the
 * shop's own published content, with links to where they come from (chat-model.spec.ts has a
 * model).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { ownClientAddress } from '../support/client-address.js';

async function openChat(page: Page, path = '/') {
  // A visitor of its own: the chat allows one ten messages a minute, and a run sends more.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownClientAddress() });
  await page.goto(path);
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'ABA Specialist Assistant' });
  await expect(dialog).toBeVisible();
  return {
    dialog,
    log: dialog.getByRole('log'),
    input: dialog.getByRole('textbox', { name: 'Your message' }),
    send: dialog.getByRole('button', { name: 'Send message' }),
  };
}

/** The chat requests the page sends from now on. */
function chatRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chat') sent.push(request.postData() ?? '');
  });
  return sent;
}

const focusIsInside = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.evaluate((element) => element.contains(document.activeElement));

test('the chat opens from the home page with a welcome and answers a price question', async ({
  page,
}) => {
  const { dialog, log, input, send } = await openChat(page);
  await expect(log).toContainText("Hello! I'm your ABA specialist assistant.");
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'Ask me anything about ABA...');

  // Held back a little, so that the waiting state can be seen before the answer arrives.
  await page.route('**/api/chat', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await input.fill('How much does it cost?');
  const answered = page.waitForResponse('**/api/chat');
  await send.click();
  await expect(dialog.getByText('Typing...')).toBeVisible();
  await expect(input).toBeDisabled();
  await expect(input).toHaveValue('');
  await expect(send).toBeDisabled();

  const response = await answered;
  expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
  await expect(log).toContainText('$27.99');
  await expect(log.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
  await expect(log.getByText('How much does it cost?')).toBeVisible();
  await expect(dialog.getByText('Typing...')).toBeHidden();
  await expect(input).toBeEnabled();
  await expect(input).toBeFocused();
});

test('Enter sends, Shift+Enter starts a new line, and an empty message is not sent', async ({
  page,
}) => {
  const sent = chatRequests(page);
  const { log, input, send } = await openChat(page);
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.press('Enter');

  await input.fill('Is there an audiobook?');
  await input.press('Shift+Enter');
  await expect(input).toHaveValue('Is there an audiobook?\n');
  expect(sent).toEqual([]);

  await input.press('Enter');
  await expect(log.getByText(/MP3 audiobook/)).toBeVisible();
  await expect(input).toHaveValue('');
  expect(sent.map((data) => JSON.parse(data))).toEqual([{ message: 'Is there an audiobook?' }]);
});

test('the chat keeps the focus inside while open, and Esc gives it back to the launcher', async ({
  page,
}) => {
  const { dialog } = await openChat(page);
  // From the message box, the last stop while the send button is disabled, Tab wraps to
  // the X; four presses go round once.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsInside(dialog)).toBe(true);
  }
  await expect(dialog.getByRole('button', { name: 'Close chat' })).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInside(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat assistant' })).toBeFocused();

  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  await dialog.getByRole('button', { name: 'Close chat' }).click();
  await expect(dialog).toBeHidden();
});

test('other parts of a page open the chat with the aba:open-chat event', async ({ page }) => {
  await page.goto('/about');
  const dialog = page.getByRole('dialog', { name: 'ABA Specialist Assistant' });
  // The chat listens once the page is hydrated, which on a slow phone comes after "load".
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('aba:open-chat')));
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
});

test('the chat is on the content pages only', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Open chat assistant' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open chat assistant' })).toHaveCount(0);
});

test('the open chat has no serious accessibility violations', async ({ page }) => {
  const { log, input } = await openChat(page);
  await input.fill('Can I return an eBook?');
  await input.press('Enter');
  await expect(log.getByRole('link', { name: 'No Refund Policy' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("answers a parent's question from the shop's content, with a link to where it came from", async ({
  page,
}) => {
  const { dialog, log, input } = await openChat(page);
  await input.fill('Can I return an eBook?');
  await input.press('Enter');
  await expect(log).toContainText(/all sales are final/i);
  await log.getByRole('link', { name: 'No Refund Policy' }).click();
  await expect(page).toHaveURL(/\/no-refund-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No Refund Policy' })).toBeVisible();
  // The link moves the page under the chat: the conversation is still there.
  await expect(dialog.getByText('Can I return an eBook?')).toBeVisible();
});

test('a follow-up question is understood from the one before it', async ({ page }) => {
  const sent = chatRequests(page);
  const { log, input } = await openChat(page);
  await input.fill('What ages are the eBooks for?');
  await input.press('Enter');
  await expect(log.getByRole('link').first()).toBeVisible();
  await expect(input).toBeEnabled();
  await input.fill('and for teenagers?');
  await input.press('Enter');
  await expect(log.getByText(/18/).last()).toBeVisible();
  const second = JSON.parse(sent[1] ?? '{}') as { history?: { role: string; content: string }[] };
  expect(second.history?.[0]).toEqual({ role: 'user', content: 'What ages are the eBooks for?' });
  expect(second.history?.[1]?.role).toBe('assistant');
});

test('a buyer whose links stopped working is pointed to the form that e-mails fresh ones', async ({
  page,
}) => {
  const { log, input } = await openChat(page);
  await input.fill('my download link stopped working');
  await input.press('Enter');
  await expect(log).toContainText('E-mail me my links');
  await log.getByRole('link', { name: /E-mail me my links/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('button', { name: 'E-mail me my links' })).toBeVisible();
});
