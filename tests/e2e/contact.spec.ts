/**
 * Contact (docs/product.md#contact, #states, #validation, #api, #error-catalogue): the page, the
 * form's checks, sending, and failures.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { readMailbox } from '../support/mailbox.js';

const FAILURE_ALERT = 'There was an error submitting your message. Please try again.';
/** Where the shop owner's notifications go with the embedded defaults (OWNER_EMAIL). */
const OWNER_EMAIL = 'support@abaparentguides.com';

const form = (page: Page) => page.getByRole('form', { name: 'Send Us a Message' });
const textbox = (page: Page, name: string) =>
  form(page).getByRole('textbox', { name, exact: true });
const dropdown = (page: Page, name: string) =>
  form(page).getByRole('combobox', { name, exact: true });
const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send Message' });

/**
 * Records and accepts every alert. Accepting from the listener matters: an alert that opens
 * while a click is still being performed would otherwise stall that click.
 */
function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(
      dialog.type() === 'alert' ? dialog.message() : `${dialog.type()}: ${dialog.message()}`,
    );
    void dialog.accept();
  });
  return messages;
}

async function fillMessage(page: Page, who: { name: string; email: string }) {
  await textbox(page, 'Name').fill(who.name);
  await textbox(page, 'Email').fill(who.email);
  await textbox(page, 'Phone').fill('+1 555 0100');
  await dropdown(page, 'Subject').selectOption('ABA Strategy Help');
  await textbox(page, 'Message').fill('How do I start with a visual schedule for my son?');
  await dropdown(page, "Child's age").selectOption('4-5 years');
}

test('the contact page shows the hero, e-mail and chat cards, the form, four questions and the closing banner', async ({
  page,
}) => {
  const response = await page.goto('/contact');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Contact Us \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Email Us' })).toBeVisible();
  await expect(main.getByRole('link', { name: OWNER_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${OWNER_EMAIL}`,
  );
  await expect(main.getByRole('heading', { name: 'Live Chat' })).toBeVisible();
  await expect(main.getByText('Available 24/7')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
  for (const name of ['Name', 'Email', 'Phone', 'Message'])
    await expect(textbox(page, name)).toBeVisible();
  await expect(dropdown(page, 'Subject')).toBeVisible();
  await expect(dropdown(page, "Child's age")).toBeVisible();
  await expect(form(page).getByRole('button', { name: 'Reset' })).toBeVisible();

  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  await expect(faq.getByRole('button', { expanded: false })).toHaveCount(4);
  await expect(faq).toContainText('Are the eBooks suitable for children of all ages?');
  await expect(faq).toContainText('Can I use these strategies alongside professional therapy?');

  const banner = page.getByRole('region', { name: 'Still Need Help?' });
  await expect(banner.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
    'href',
    `mailto:${OWNER_EMAIL}`,
  );
  await expect(banner.getByRole('button', { name: 'Start Live Chat' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the contact FAQ opens one answer at a time and closes the open one when chosen again', async ({
  page,
}) => {
  await page.goto('/contact');
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const ages = faq.getByRole('button', {
    name: 'Are the eBooks suitable for children of all ages?',
  });
  const results = faq.getByRole('button', { name: 'How long does it take to see results?' });
  await ages.click();
  await expect(ages).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/from 2 to 18 years old/)).toBeVisible();
  await results.click();
  await expect(results).toHaveAttribute('aria-expanded', 'true');
  await expect(ages).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/within 2 to 4 weeks/)).toBeVisible();
  await results.click();
  await expect(results).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/within 2 to 4 weeks/)).toBeHidden();
});

test('Ask Your Question takes the visitor to the subject field', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Ask Your Question' }).click();
  const subject = dropdown(page, 'Subject');
  await expect(subject).toBeFocused();
  await expect(subject).toBeInViewport();
});

test('the Live Chat card and Start Live Chat ask the chat assistant to open', async ({ page }) => {
  await page.goto('/contact');
  await page.evaluate(() => {
    const counter = window as unknown as { openChatRequests: number };
    counter.openChatRequests = 0;
    window.addEventListener('aba:open-chat', () => (counter.openChatRequests += 1));
  });
  const requests = () =>
    page.evaluate(() => (window as unknown as { openChatRequests: number }).openChatRequests);
  // The chat opens over the page once its code has loaded and the page is hydrated, which on a
  // slow phone comes after "load": until then a click asks, and nothing listens yet.
  const chat = page.getByRole('dialog');
  await expect(async () => {
    await page.getByRole('button', { name: 'Chat with our assistant' }).click();
    await expect(chat).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const asked = await requests();
  expect(asked).toBeGreaterThanOrEqual(1);
  // Closed before the next button, which its backdrop would otherwise cover.
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await page.getByRole('button', { name: 'Start Live Chat' }).click();
  expect(await requests()).toBe(asked + 1);
  await expect(chat).toBeVisible();
});

test('sending the form empty names every required field and moves to the first', async ({
  page,
}) => {
  await page.goto('/contact');
  await sendButton(page).click();
  await expect(textbox(page, 'Name')).toBeFocused();
  for (const [field, message] of [
    [textbox(page, 'Name'), 'Name is required'],
    [textbox(page, 'Email'), 'Email is required'],
    [dropdown(page, 'Subject'), 'Subject is required'],
    [textbox(page, 'Message'), 'Message is required'],
  ] as const) {
    await expect(field).toHaveAccessibleDescription(message);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  // Optional fields stay quiet.
  await expect(textbox(page, 'Phone')).not.toHaveAttribute('aria-invalid');
  await expect(form(page).getByText(/is required/)).toHaveCount(4);
  await expectNoSeriousAxeViolations(page);

  await form(page).getByRole('button', { name: 'Reset' }).click();
  await expect(form(page).getByText(/is required/)).toHaveCount(0);
});

test('the form checks each field as it is typed in', async ({ page }) => {
  await page.goto('/contact');
  const email = textbox(page, 'Email');
  await email.fill('maria@example');
  await expect(email).toHaveAccessibleDescription('Email is not a valid email');
  await email.fill('maria@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');

  await textbox(page, 'Name').fill('M');
  await expect(form(page).getByText('Name must be at least 2 characters')).toBeVisible();
  await textbox(page, 'Message').fill('Too short');
  await expect(form(page).getByText('Message must be at least 10 characters')).toBeVisible();
  await textbox(page, 'Phone').fill('0'.repeat(21));
  await expect(form(page).getByText('Phone cannot exceed 20 characters')).toBeVisible();
});

test('a valid message shows submitting..., reaches the shop owner and can be followed by another', async ({
  page,
}, testInfo) => {
  const who = {
    name: `Maria Contact ${testInfo.project.name}`,
    email: `contact.${testInfo.project.name}@example.com`,
  };
  await page.goto('/contact');
  await fillMessage(page, who);

  // Hold the request until the busy button has been seen, then let it reach the service.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/forms/submit', async (route) => {
    await held;
    await route.continue();
  });
  await sendButton(page).click();
  const busy = form(page).getByRole('button', { name: 'submitting...' });
  await expect(busy).toBeDisabled();
  release();

  const main = page.getByRole('main');
  const sent = main.getByRole('heading', { name: 'Message Sent Successfully!' });
  await expect(sent).toBeVisible();
  // Focus moves to the news, so keyboard and screen-reader users hear it.
  await expect(sent).toBeFocused();
  await expect(
    main.getByText('Thank you! Your message has been sent. We reply within 24 hours.'),
  ).toBeVisible();
  await expect(form(page)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await expect
    .poll(
      () =>
        readMailbox().some(
          (mail) =>
            mail.to === OWNER_EMAIL &&
            mail.subject === `Contact form: ABA Strategy Help (from ${who.name})`,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);

  await main.getByRole('button', { name: 'Send Another Message' }).click();
  for (const name of ['Name', 'Email', 'Phone', 'Message'])
    await expect(textbox(page, name)).toHaveValue('');
  await expect(dropdown(page, 'Subject')).toHaveValue('');
  await expect(form(page).getByText(/is required/)).toHaveCount(0);
});

test('a failed submission alerts and keeps what the visitor typed', async ({ page }) => {
  await page.goto('/contact');
  const who = { name: 'Maria Failure', email: 'failure@example.com' };
  await fillMessage(page, who);
  await page.route('**/api/forms/submit', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Internal Server Error' }),
    }),
  );
  const alerts = acceptAlerts(page);
  await sendButton(page).click();
  await expect.poll(() => alerts).toEqual([FAILURE_ALERT]);

  await expect(sendButton(page)).toBeEnabled();
  await expect(textbox(page, 'Name')).toHaveValue(who.name);
  await expect(textbox(page, 'Email')).toHaveValue(who.email);
  await expect(dropdown(page, 'Subject')).toHaveValue('ABA Strategy Help');
  await expect(page.getByText('Message Sent Successfully!')).toHaveCount(0);

  // No network at all is a failure too.
  await page.unroute('**/api/forms/submit');
  await page.route('**/api/forms/submit', (route) => route.abort('internetdisconnected'));
  await sendButton(page).click();
  await expect.poll(() => alerts).toEqual([FAILURE_ALERT, FAILURE_ALERT]);
  await expect(textbox(page, 'Message')).toHaveValue(
    'How do I start with a visual schedule for my son?',
  );
});

test('an address the shop refuses is alerted and explained under the field', async ({ page }) => {
  await page.goto('/contact');
  // A one-letter domain ending passes the browser's basic check; the shop's stricter one refuses it.
  await fillMessage(page, { name: 'Maria Refused', email: 'maria@example.c' });
  const alerts = acceptAlerts(page);
  await sendButton(page).click();
  await expect.poll(() => alerts).toEqual([FAILURE_ALERT]);
  await expect(textbox(page, 'Email')).toHaveAccessibleDescription('Email is not a valid email');
  await expect(textbox(page, 'Email')).toBeFocused();
  await expect(textbox(page, 'Name')).toHaveValue('Maria Refused');
});
