/**
 * The support staff's area, /admin/subscriptions: the gate (login, not authorised), and an
 * administrator creating, editing and deleting a subscription record, on desktop and phone.
 * Each account signs in by code once per run (../support/admin-sign-in.ts).
 */
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, NOT_ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const ADMIN_PAGE = '/admin/subscriptions';

test('a visitor who is not signed in goes to the login page, and Back does not return to the admin page', async ({
  page,
}) => {
  await page.goto('/');
  await page.goto(ADMIN_PAGE);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(ADMIN_PAGE);
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');

  const api = await page.request.get('/api/subscription-records');
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({
    error: 'Accedi con un account amministratore per continuare.',
  });
});

test('a signed-in account that is not an administrator sees the not-authorised view, and the API answers 403', async ({
  page,
  context,
}) => {
  await signInOnce(page, context, NOT_ADMIN_EMAIL);
  await page.goto(ADMIN_PAGE);
  await expect(page.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(NOT_ADMIN_EMAIL);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Torna alla home' }),
  ).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Nuovo Subscription Record' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const api = await page.request.get('/api/subscription-records');
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({
    error: 'Il tuo account non è un amministratore: non può eseguire questa operazione.',
  });
});

test.describe('an administrator', () => {
  test('creates, edits and deletes a subscription record, and sees the form’s messages', async ({
    page,
    context,
    isMobile,
  }) => {
    test.setTimeout(60_000);
    const device = isMobile ? 'phone' : 'desktop';
    const userId = `e2e-user-${device}-abcdefghijklmnopqrstuvwxyz`;
    const sessionId = `cs_e2e_${device}_0123456789abcdefghij`;
    const email = `member.${device}@example.com`;
    const changedEmail = `changed.${device}@example.com`;

    await signInOnce(page, context, ADMIN_EMAIL);
    await page.goto(ADMIN_PAGE);
    await expect(page.getByRole('main')).toHaveAttribute('lang', 'it');
    await expect(
      page.getByRole('heading', { name: 'Gestione Subscription Records' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /^Subscription Records \(\d+\)$/ }),
    ).toBeVisible();
    await expect(page.getByText('Caricamento subscription records...')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // Aggiorna reloads the list and says so while it runs.
    // The page asks for the list's first page (`?limit=`).
    await page.route('**/api/subscription-records?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(page.getByRole('button', { name: 'Aggiornamento...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Aggiorna' })).toBeEnabled();
    await page.unroute('**/api/subscription-records?*');

    // Create: Esc closes and gives the focus back; the form's messages; then a valid record.
    const newButton = page.getByRole('button', { name: 'Nuovo Subscription Record' });
    await newButton.click();
    let dialog = page.getByRole('dialog', { name: 'Nuovo Subscription Record' });
    await expect(dialog.getByLabel('User ID')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(newButton).toBeFocused();

    await newButton.click();
    dialog = page.getByRole('dialog', { name: 'Nuovo Subscription Record' });
    await expect(dialog.getByLabel('Email')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await expect(dialog.getByText('Lo User ID è obbligatorio')).toBeVisible();
    await expect(dialog.getByText("L'email è obbligatoria")).toBeVisible();
    await expect(dialog.getByText('Il Session ID è obbligatorio')).toBeVisible();
    await dialog.getByLabel('User ID').fill(userId);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Session ID').fill(sessionId);
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await expect(dialog.getByText('Inserisci un indirizzo email valido')).toBeVisible();
    await expect(dialog.getByText('Lo User ID è obbligatorio')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await expect(page.getByText('Subscription record creato con successo!')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The record is a table row on desktop and a card on the phone, ids cut with '...'.
    const table = page.getByRole('table');
    const cards = page.getByRole('list', { name: 'Subscription records' });
    if (isMobile) {
      await expect(table).toBeHidden();
      const card = cards.getByRole('listitem').filter({ hasText: email });
      await expect(card).toBeVisible();
      await expect(card.getByText(`${userId.slice(0, 15)}...`)).toHaveAttribute('title', userId);
    } else {
      await expect(cards).toBeHidden();
      const row = table.getByRole('row').filter({ hasText: email });
      await expect(row).toBeVisible();
      await expect(row.getByText(`${userId.slice(0, 20)}...`)).toHaveAttribute('title', userId);
      await expect(row.getByText(`${sessionId.slice(0, 20)}...`)).toHaveAttribute(
        'title',
        sessionId,
      );
    }
    // The banner goes after 3 seconds.
    await expect(page.getByText('Subscription record creato con successo!')).toBeHidden({
      timeout: 5_000,
    });

    // Edit, prefilled.
    await page.getByRole('button', { name: `Modifica il subscription record di ${email}` }).click();
    dialog = page.getByRole('dialog', { name: 'Modifica Subscription Record' });
    await expect(dialog.getByLabel('User ID')).toHaveValue(userId);
    await expect(dialog.getByLabel('Session ID')).toHaveValue(sessionId);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel('Email').fill(changedEmail);
    await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(page.getByText('Subscription record aggiornato con successo!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('main').getByText(changedEmail, { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText(email, { exact: true })).toHaveCount(0);

    // Delete, after the confirmation.
    await page
      .getByRole('button', { name: `Elimina il subscription record di ${changedEmail}` })
      .click();
    dialog = page.getByRole('dialog', { name: 'Elimina Subscription Record' });
    await expect(dialog).toContainText(
      `Sei sicuro di voler eliminare il subscription record per ${changedEmail}? Questa azione non può essere annullata.`,
    );
    await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Elimina', exact: true }).click();
    await expect(page.getByText('Subscription record eliminato con successo!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('main').getByText(changedEmail, { exact: true })).toHaveCount(0);
  });

  test('reads every failure in Italian, and the dates as short month, day, hour and minute', async ({
    page,
    context,
    isMobile,
  }) => {
    test.setTimeout(60_000);
    const device = isMobile ? 'phone' : 'desktop';
    const sessionId = `cs_e2e_italian_${device}`;
    const first = `first.italian.${device}@example.com`;
    const second = `second.italian.${device}@example.com`;
    await signInOnce(page, context, ADMIN_EMAIL);
    await page.goto(ADMIN_PAGE);
    await expect(page.getByText('Caricamento subscription records...')).toHaveCount(0);

    async function create(email: string) {
      await page.getByRole('button', { name: 'Nuovo Subscription Record' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo Subscription Record' });
      await dialog.getByLabel('User ID').fill(`user-${email}`);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Session ID').fill(sessionId);
      await dialog.getByRole('button', { name: 'Crea' }).click();
      return dialog;
    }
    await create(first);
    await expect(page.getByText('Subscription record creato con successo!')).toBeVisible();

    // The same session id twice: the server's refusal, in Italian.
    const dialog = await create(second);
    const banner = page.getByRole('alert').filter({ hasText: 'subscription record' });
    await expect(banner).toHaveText('Esiste già un subscription record con questo session_id');
    await page.getByRole('button', { name: 'Chiudi il messaggio di errore' }).click();
    if (await dialog.isVisible()) await page.keyboard.press('Escape');

    // The date: '21 nov, 14:05', with the full date, year included, as its title.
    const date = page.getByRole('main').locator('time').filter({ visible: true }).first();
    await expect(date).toHaveText(/^\d{1,2} [a-z]{3}, \d{2}:\d{2}$/);
    await expect(date).toHaveAttribute('title', /^\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}$/);

    // Another administrator deletes the record while this one edits it.
    await page.getByRole('button', { name: `Modifica il subscription record di ${first}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica Subscription Record' });
    const records = (await (await page.request.get('/api/subscription-records')).json()) as {
      id: number;
      email: string;
    }[];
    const record = records.find((item) => item.email === first);
    expect(record).toBeDefined();
    const removed = await page.request.delete(`/api/subscription-records/${record?.id}`);
    expect(removed.status()).toBe(200);
    await edit.getByLabel('Email').fill(`changed.${first}`);
    await edit.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'subscription record' })).toHaveText(
      'Nessun subscription record con questo id',
    );
    await expectNoSeriousAxeViolations(page);
  });
});
