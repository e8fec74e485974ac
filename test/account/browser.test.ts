// End to end in a real browser: sign in, issue a key, use it, revoke it in the page, see it refused.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, analyze, type TestApp } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';
import { QuotaService } from '../../src/quota/quota.js';
import { accountClient } from './web.js';
import { ARTIFACTS, CHROMIUM_SKIP, launchBrowser } from './browser.js';

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Past usage for the chart, written through the real quota path with a clock set back n days. */
async function seedUsage(t: TestApp, clientId: string, perDaysAgo: Record<number, number>): Promise<void> {
  for (const [ago, count] of Object.entries(perDaysAgo).sort((a, b) => Number(b[0]) - Number(a[0]))) {
    const at = new Date(Date.now() - Number(ago) * 86_400_000);
    const q = new QuotaService(t.services.store, 'seed', () => at);
    for (let i = 0; i < count; i++) {
      const client = (await t.services.store.getClient(clientId))!;
      await q.commit((await q.reserve(client))!);
    }
  }
}

describe('account area in a real browser', { skip: CHROMIUM_SKIP }, () => {
  let t: TestApp;
  let png: Buffer;

  before(async () => {
    t = await startTestApp();
    png = await plainPng(48, 48);
  });
  after(async () => {
    await t.close();
  });

  const callApi = (token: string) => analyze(t.url, { token, bytes: png, mimetype: 'image/png', filename: 'meter.png' });

  test('sign in, issue a key, call the API (200), revoke it in the page, call again (401)', async () => {
    const acct = await accountClient(t, { quota: 500 });
    await seedUsage(t, acct.id, { 1: 3, 2: 7, 4: 2, 9: 11, 13: 5, 20: 8, 27: 4 });
    const { context, close } = await launchBrowser();
    const problems: string[] = [];
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // The wrong-password answer is a 401 page: the only resource error expected.
      page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));

      await page.goto(`${t.url}/account`);
      assert.match(page.url(), /\/account\/sign-in$/);
      await shot(page, '01-sign-in');

      await page.getByLabel('Email').fill(acct.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Wrong email or password.' }).waitFor();
      await shot(page, '02-sign-in-wrong-password');

      await page.getByLabel('Password').fill(acct.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/account\/overview$/);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      assert.equal(await page.locator('svg.chart rect.bar').count(), 7, 'one bar per day with usage');
      assert.match((await page.locator('.stat').textContent()) ?? '', /of 500 requests per month/);
      await shot(page, '03-overview');

      await page.getByRole('link', { name: 'API keys' }).click();
      await page.waitForURL(/\/account\/keys$/);
      await page.getByText('No keys yet.').waitFor();
      await shot(page, '04-keys-empty');

      await page.getByLabel('Label').fill('Browser test');
      await page.getByRole('button', { name: 'Issue key' }).click();
      const tokenBox = page.locator('#new-token');
      await tokenBox.waitFor();
      const token = ((await tokenBox.textContent()) ?? '').trim();
      assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.ok(((await page.locator('#curl-example').textContent()) ?? '').includes(`Bearer ${token}`));
      const copy = page.getByRole('button', { name: 'Copy key' });
      assert.equal(await copy.isVisible(), true, 'the copy button appears with JavaScript');
      await copy.click();
      await page.getByText('Copied to the clipboard.').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token);
      await shot(page, '05-key-issued');

      const ok = await callApi(token);
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(typeof ok.body.success, 'boolean');

      await page.goto(`${t.url}/account/keys`);
      assert.equal(await page.locator('#new-token').count(), 0);
      assert.ok(!(await page.content()).includes(token), 'the token is not shown again');
      await shot(page, '06-keys-list');

      await page.getByRole('link', { name: 'Revoke key Browser test' }).click();
      await page.getByRole('heading', { name: /Revoke key/ }).waitFor();
      await shot(page, '07-revoke-confirm');
      await page.getByRole('button', { name: 'Revoke key' }).click();
      await page.waitForURL(/\/account\/keys\?revoked=/);
      await page.getByText(/revoked\. Requests with it now get 401/).waitFor();
      await shot(page, '08-key-revoked');

      const refused = await callApi(token);
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.body, { error: 'Unauthorized' });

      await page.goto(`${t.url}/account/overview`);
      assert.match((await page.locator('.stat').textContent()) ?? '', /^\s*(\d+)/);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, '09-overview-phone');
      await page.goto(`${t.url}/account/keys`);
      await shot(page, '10-keys-phone');
      await page.setViewportSize({ width: 1280, height: 860 });

      await t.services.clients.setBlocked(acct.id, true);
      await page.goto(`${t.url}/account/overview`);
      await page.getByText('This account is blocked.').waitFor();
      await shot(page, '11-overview-blocked');
      await page.goto(`${t.url}/account/keys`);
      assert.equal(await page.getByRole('button', { name: 'Issue key' }).count(), 0);
      await shot(page, '12-keys-blocked');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/account\/sign-in\?signed-out$/);
      await page.getByText('You have signed out.').waitFor();
      await shot(page, '13-signed-out');
      await page.goto(`${t.url}/account/keys`);
      assert.match(page.url(), /\/account\/sign-in$/);

      assert.deepEqual(problems, [], 'no script errors or CSP violations');
    } finally {
      await close();
    }
  });

  test('works without JavaScript: sign in, issue, revoke; the copy button stays hidden', async () => {
    const acct = await accountClient(t);
    const { context, close } = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${t.url}/account/sign-in`);
      await page.getByLabel('Email').fill(acct.email);
      await page.getByLabel('Password').fill(acct.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/account\/overview$/);
      await page.goto(`${t.url}/account/keys`);
      await page.getByLabel('Label').fill('no-js');
      await page.getByRole('button', { name: 'Issue key' }).click();
      const token = ((await page.locator('#new-token').textContent()) ?? '').trim();
      assert.equal((await callApi(token)).status, 200);
      assert.equal(await page.getByRole('button', { name: 'Copy key' }).isVisible(), false);
      await page.goto(`${t.url}/account/keys`);
      await page.getByRole('link', { name: 'Revoke key no-js' }).click();
      await page.getByRole('button', { name: 'Revoke key' }).click();
      await page.waitForURL(/\/account\/keys\?revoked=/);
      assert.equal((await callApi(token)).status, 401);
    } finally {
      await close();
    }
  });
});
