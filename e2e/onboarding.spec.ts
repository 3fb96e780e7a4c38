import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ADMIN, chooseFromMenu, csrfToken, expect, logIn, test, uniqueName } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

interface Person {
  username: string;
  password: string;
  firstName: string;
}

/** The admin creates a Gamma user (no data access, no team) through the API, as a script would. */
async function createGammaUser(request: APIRequestContext, firstName: string): Promise<Person> {
  const login = await request.post('/api/v1/security/login', {
    data: { ...ADMIN, provider: 'db', refresh: false },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const roles = await request.get('/api/v1/security/roles/?q=(page_size:100)', { headers });
  const gamma = ((await roles.json()) as { result: Array<{ id: number; name: string }> }).result.find(
    (role) => role.name === 'Gamma',
  );
  const person = { username: uniqueName('e2e_onb'), password: 'a-long-enough-password-9', firstName };
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      username: person.username,
      password: person.password,
      first_name: firstName,
      last_name: 'Newcomer',
      email: `${person.username}@example.com`,
      roles: [gamma?.id],
      active: true,
    },
  });
  expect(created.status()).toBe(201);
  return person;
}

async function setLanguage(page: Page, language: 'en' | 'ru'): Promise<void> {
  const saved = await page.request.put('/api/v1/me/', {
    data: { preferred_language: language },
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();
}

async function logInAs(browser: Browser, person: Person, language: 'en' | 'ru' = 'en'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, person);
  await setLanguage(page, language);
  return page;
}

/** Letters only, at most 20 characters: a team name nobody else has typed. */
function uniqueTeamWord(): string {
  return `TEAM ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`.toUpperCase();
}

async function openOnboarding(page: Page, menuLabel = 'User menu', item = 'Onboarding'): Promise<void> {
  await chooseFromMenu(
    page.getByRole('button', { name: menuLabel }),
    page.getByRole('menuitem', { name: item }),
    () => expect(page.getByRole('dialog')).toBeVisible({ timeout: 3000 }),
  );
}

/** Charts show only to those who may query their datasets, which Gamma alone may not. */
async function visibleChartCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/chart/?q=(page_size:1)');
  if (!response.ok()) return 0;
  return ((await response.json()) as { count: number }).count;
}

/** Opens the newest request for a team from the admin's request list. */
async function openRequest(page: Page, teamSlug: string): Promise<void> {
  await page.goto('/onboarding/request/list');
  const row = page
    .getByRole('row')
    .filter({ hasText: `(${teamSlug})` })
    .first();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/onboarding\/request\/edit\/\d+/);
}

const shared: { person?: Person; teamName: string; teamSlug: string } = { teamName: '', teamSlug: '' };

test('a new franchisee goes through the three steps asking for a new team', async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(180_000);
  const person = await createGammaUser(adminPage.request, 'Fedor');
  const page = await logInAs(browser, person);
  expect(await visibleChartCount(page)).toBe(0);

  await openOnboarding(page);
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('You are welcome to Vitrina')).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Tell us more about yourself' })).toBeVisible();
  await expect(modal.getByRole('img', { name: 'A person filling in their profile' })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'First name' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Next step' }).click();
  await expect(modal.getByText('Please input your role in Dodo Brands!')).toBeVisible();
  await modal.getByLabel('Role in Dodo Brands').fill('Pizzeria manager');
  await modal.getByRole('button', { name: 'Next step' }).click();

  await expect(modal.getByRole('heading', { name: 'Tell us why you are here' })).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'Franchisee' })).toBeChecked();
  const finish = modal.getByRole('button', { name: 'Finish onboarding' });
  await expect(finish).toBeDisabled();
  const word = uniqueTeamWord();
  await modal.getByRole('combobox').fill(word.toLowerCase());
  const teamName = `FRANCHISEE ${word}`;
  const teamSlug = `fr_${word.toLowerCase().replace(/ /g, '_')}`;
  await expect(modal.getByTestId('onboarding-team-tag')).toHaveText(teamName);
  await expect(modal.getByText(`${teamName} (${teamSlug})`)).toContainText('is a new team');
  await expect(modal.getByRole('checkbox', { name: /Create datasets and use SQL Lab/ })).toBeDisabled();
  await modal.getByRole('checkbox', { name: /^readonly/ }).check();
  await expect(modal.getByTestId('onboarding-roles')).toHaveText('readonly');
  await finish.click();
  await expect(modal.getByRole('heading', { name: 'Your request was created' })).toBeVisible();
  await modal.getByRole('link', { name: 'profile' }).click();
  await expect(page).toHaveURL(/\/users\/userinfo\/?$/);
  await expect(page.getByTestId('profile-requests')).toContainText('Open');
  Object.assign(shared, { person, teamName, teamSlug });
});

test('an admin creates the requested team and approves the request', async ({ adminPage }) => {
  test.setTimeout(180_000);
  expect(shared.person, 'the previous journey filed the request').toBeDefined();
  await openRequest(adminPage, shared.teamSlug);
  await expect(adminPage.getByText('Pizzeria manager')).toBeVisible();
  await expect(adminPage.getByTestId('request-team-tag')).toContainText(`New team: ${shared.teamName}`);
  await adminPage.getByRole('button', { name: 'Create team' }).click();
  const create = adminPage.getByRole('dialog', { name: 'Create new team' });
  await expect(create.getByLabel('Full Team Name')).toHaveValue(shared.teamName);
  await create.getByRole('button', { name: 'Next' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Confirm' });
  await expect(confirm).toContainText(shared.teamSlug);
  await confirm.getByRole('button', { name: 'Create team' }).click();
  await expect(adminPage.getByText('Team has been created successfully.')).toBeVisible();
  const update = adminPage.getByRole('dialog', { name: 'User update' });
  await expect(update).toContainText('readonly');
  await update.getByRole('button', { name: 'Apply roles and link to a team' }).click();
  await expect(adminPage.getByText('Request closed successfully.')).toBeVisible();
});

test('the approved user has the team and the roles, and sees what they could not before', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(shared.person, 'the previous journeys approved the request').toBeDefined();
  const page = await logInAs(browser, shared.person!);
  await page.goto('/users/userinfo/');
  await expect(page.getByTestId('profile-team')).toHaveText(shared.teamName);
  await expect(page.getByTestId('profile-roles')).toContainText('readonly');
  await expect(page.getByTestId('profile-requests')).toContainText('Approved');
  await expect.poll(() => visibleChartCount(page)).toBeGreaterThan(0);
});

test('a second user joins the existing team at once, with its roles and without review', async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(180_000);
  expect(shared.teamSlug, 'the first journey created the team').not.toBe('');
  const person = await createGammaUser(adminPage.request, 'Sofia');
  const page = await logInAs(browser, person);
  await openOnboarding(page);
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Role in Dodo Brands').fill('Shift manager');
  await modal.getByRole('button', { name: 'Next step' }).click();
  await modal.getByRole('combobox').fill(shared.teamName.replace('FRANCHISEE ', '').toLowerCase());
  // antd's visible options are plain items; its role=option nodes are hidden, for screen readers only.
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: shared.teamName })
    .click();
  await expect(modal.getByText(`${shared.teamName} (${shared.teamSlug})`)).toContainText(
    'is a known team, so you join it at once',
  );
  await expect(modal.getByRole('checkbox', { name: /^readonly/ })).toBeChecked();
  await expect(modal.getByRole('checkbox', { name: /^readonly/ })).toBeDisabled();
  await modal.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(modal.getByRole('heading', { name: `You joined ${shared.teamName}` })).toBeVisible();

  // No administrator involved: the team and its roles are there at once.
  await page.goto('/users/userinfo/');
  await expect(page.getByTestId('profile-team')).toHaveText(shared.teamName);
  await expect(page.getByTestId('profile-roles')).toContainText('readonly');
  await expect(page.getByTestId('profile-requests')).toContainText('Approved');
  await expect.poll(() => visibleChartCount(page)).toBeGreaterThan(0);
});

test('someone without any role signs in, onboarding opens by itself, and joining a team opens the dashboards', async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = adminPage.request;
  const headers = { 'X-CSRFToken': await csrfToken(adminPage) };
  const word = uniqueTeamWord();
  const team = await admin.post('/api/v1/team/', {
    headers,
    data: {
      name: word,
      slug: word.toLowerCase().replace(/ /g, '_'),
      is_external: false,
      roles: ['readonly'],
    },
  });
  expect(team.status(), await team.text()).toBe(201);
  const person = {
    username: uniqueName('e2e_noroles'),
    password: 'a-long-enough-password-9',
    firstName: 'Nora',
  };
  const created = await admin.post('/api/v1/security/users/', {
    headers,
    data: {
      username: person.username,
      password: person.password,
      first_name: person.firstName,
      last_name: 'Roleless',
      email: `${person.username}@example.com`,
      roles: [],
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const page = await (await browser.newContext()).newPage();
  await logIn(page, person);
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('You are welcome to Vitrina')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No access yet' })).toBeVisible();
  await modal.getByLabel('Role in Dodo Brands').fill('Analyst');
  await modal.getByRole('button', { name: 'Next step' }).click();
  await modal.getByRole('radio', { name: 'Managing Company' }).check();
  await modal.getByRole('combobox').fill(word.toLowerCase());
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: word })
    .click();
  await expect(modal.getByTestId('onboarding-roles')).toHaveText('readonly');
  await modal.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(modal.getByRole('heading', { name: `You joined ${word}` })).toBeVisible();
  await modal.getByRole('button', { name: 'Open dashboards' }).click();

  await expect(page).toHaveURL(/\/dashboard\/list\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboards' })).toBeVisible();
  await page.goto('/superset/dashboard/sales/');
  await expect(page.getByRole('heading', { name: 'Sales overview', exact: true })).toBeVisible({
    timeout: 90_000,
  });
  await expect(
    page
      .locator(
        '.dashboard-chart[data-chart-status="rendered"], .dashboard-chart[data-chart-status="success"]',
      )
      .first(),
  ).toBeVisible({ timeout: 60_000 });
});

test("a declined request shows its comment on the requester's profile", async ({ adminPage, browser }) => {
  test.setTimeout(180_000);
  const person = await createGammaUser(adminPage.request, 'Denis');
  const page = await logInAs(browser, person);
  await openOnboarding(page);
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Role in Dodo Brands').fill('Courier');
  await modal.getByRole('button', { name: 'Next step' }).click();
  await modal.getByRole('radio', { name: 'Managing Company' }).check();
  const word = uniqueTeamWord();
  await modal.getByRole('combobox').fill(word);
  await modal.getByRole('checkbox', { name: /Create datasets and use SQL Lab/ }).check();
  await modal.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(modal.getByRole('heading', { name: 'Your request was created' })).toBeVisible();

  await openRequest(adminPage, word.toLowerCase().replace(/ /g, '_'));
  await adminPage.getByRole('button', { name: 'Decline request' }).click();
  const decline = adminPage.getByRole('dialog', { name: 'Decline request' });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText('Please explain why the request is declined')).toBeVisible();
  await decline.getByLabel('Comment for the requester').fill('Couriers do not need SQL Lab');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(adminPage.getByText('Request declined.')).toBeVisible();

  await page.goto('/users/userinfo/');
  const requests = page.getByTestId('profile-requests');
  await expect(requests).toContainText('Declined');
  await expect(requests).toContainText('Couriers do not need SQL Lab');
  await expect(page.getByTestId('profile-team')).toHaveText('No team yet');

  // Declined and without a team, they may ask again from the user menu: step 2 shows once more.
  await openOnboarding(page);
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Tell us why you are here' }),
  ).toBeVisible();
});

test('the whole flow in Russian', async ({ adminPage, browser }) => {
  test.setTimeout(180_000);
  const person = await createGammaUser(adminPage.request, 'Olga');
  const page = await logInAs(browser, person, 'ru');
  await openOnboarding(page, 'Меню пользователя', 'Онбординг');
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Добро пожаловать в Витрину')).toBeVisible();
  await modal.getByRole('button', { name: 'Следующий шаг' }).click();
  await expect(modal.getByText('Пожалуйста, укажите свою роль в Dodo Brands!')).toBeVisible();
  await modal.getByLabel('Роль в Dodo Brands').fill('Аналитик');
  await modal.getByRole('button', { name: 'Следующий шаг' }).click();
  await expect(modal.getByRole('heading', { name: 'Расскажите, зачем вы здесь' })).toBeVisible();
  const word = uniqueTeamWord();
  await modal.getByRole('combobox').fill(word);
  await modal.getByRole('checkbox', { name: /^Анализ данных/ }).check();
  await modal.getByRole('button', { name: 'Завершить онбординг' }).click();
  await expect(modal.getByRole('heading', { name: 'Ваша заявка создана' })).toBeVisible();

  await setLanguage(adminPage, 'ru');
  try {
    await openRequest(adminPage, `fr_${word.toLowerCase().replace(/ /g, '_')}`);
    await expect(adminPage.getByText('Заявка на онбординг').first()).toBeVisible();
    await adminPage.getByRole('button', { name: 'Создать команду' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Создание новой команды' })
      .getByRole('button', { name: 'Далее' })
      .click();
    await adminPage
      .getByRole('dialog', { name: 'Подтверждение' })
      .getByRole('button', { name: 'Создать команду' })
      .click();
    await expect(adminPage.getByText('Команда успешно создана.')).toBeVisible();
    await adminPage
      .getByRole('dialog', { name: 'Обновление пользователя' })
      .getByRole('button', { name: 'Выдать роли и привязать к команде' })
      .click();
    await expect(adminPage.getByText('Заявка успешно закрыта.')).toBeVisible();
  } finally {
    await setLanguage(adminPage, 'en');
  }

  await page.goto('/users/userinfo/');
  await expect(page.getByTestId('profile-team')).toHaveText(`FRANCHISEE ${word}`);
  await expect(page.getByTestId('profile-requests')).toContainText('Одобрена');
});
