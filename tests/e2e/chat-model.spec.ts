/**
 * The chat assistant with a model (docs/product.md#chat-assistant): a storefront of its own,
 * on the shared CMS and commerce service, asks a local stand-in for an OpenAI-compatible model
 * that writes slowly. The reply appears word by word ('Typing...' only until the first), and a
 * model that breaks off midway still ends in the content's own answer.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  completionBody,
  startFakeChatModel,
  type FakeChatModel,
} from '@aba-shop/test-kit/fake-chat-model';
import { startStorefront } from '../support/stack.js';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const MODEL_REPLY =
  'Because the eBooks are digital files you receive at once, all sales are final. If a file will not open, write to support within seven days and we will help.';

let model: FakeChatModel;
let storefront: { url: string; stop(): Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  model = await startFakeChatModel();
  storefront = await startStorefront({
    dataDir: process.env.E2E_DATA_DIR ?? '',
    cmsPort: Number(new URL(process.env.E2E_CMS_URL ?? '').port),
    commercePort: Number(new URL(process.env.E2E_COMMERCE_URL ?? '').port),
    env: { CHAT_API_URL: model.url, CHAT_MODEL: 'stand-in' },
  });
});

test.afterAll(async () => {
  await storefront?.stop();
  await model?.close();
});

async function ask(page: Page, message: string) {
  await page.goto(`${storefront.url}/`);
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'ABA Specialist Assistant' });
  const input = dialog.getByRole('textbox', { name: 'Your message' });
  await input.fill(message);
  await input.press('Enter');
  return { dialog, log: dialog.getByRole('log'), input };
}

test('the reply appears as the model writes it, after Typing... until its first words', async ({
  page,
}) => {
  model.answerWith({ body: completionBody(MODEL_REPLY), delayMs: 600, stream: { gapMs: 120 } });
  const { dialog, log, input } = await ask(page, 'Can I return an eBook?');
  await expect(dialog.getByText('Typing...')).toBeVisible();
  // Part of the reply shows while the rest is still being written.
  await expect(log).toContainText('Because the eBooks');
  await expect(dialog.getByText('Typing...')).toBeHidden();
  await expect(input).toBeDisabled();
  expect(await log.innerText()).not.toContain('we will help.');
  await expect(log).toContainText(MODEL_REPLY);
  await expect(input).toBeEnabled();
  await expect(log.getByRole('link', { name: 'No Refund Policy' })).toBeVisible();

  // The model was told to answer from the shop's passages, with the conversation so far.
  const request = model.received.at(-1)?.body as {
    stream: boolean;
    messages: { role: string; content: string }[];
  };
  expect(request.stream).toBe(true);
  expect(request.messages[0]?.content).toContain('Answer only from the passages below');
  expect(request.messages[0]?.content).toMatch(/all sales are final/i);
});

test("a model that breaks off midway still ends in the content's own answer", async ({ page }) => {
  model.answerWith({
    body: completionBody(MODEL_REPLY),
    stream: { gapMs: 150, stopAfter: 6, stop: 'break' },
  });
  const { log, input } = await ask(page, 'Can I return an eBook?');
  await expect(log).toContainText('Because the eBooks');
  await expect(input).toBeEnabled();
  // The half-written reply is gone; the content's answer, with its source, stands instead.
  await expect(log).not.toContainText('Because the eBooks');
  await expect(log).toContainText(/all sales are final/i);
  await expect(log.getByRole('link', { name: 'No Refund Policy' })).toBeVisible();
});
