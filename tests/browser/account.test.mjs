// account.test.mjs: the account page (clients/web/account.html) in headless Chromium (ctest
// `browser_account`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). At 1366x657: a sign-up with a short
// password is refused beside the password field; a good one shows "Logged in as"; a reload
// keeps it (the session token in localStorage, sent again with auth); in another browser a
// sign-up of the same name in capitals is refused beside the name field; log out; a wrong
// password is refused on the form; the right one logs in. On a phone (390x844): the forms one
// under the other, a guest name. Screenshots (looked at): tests/artifacts/account-1366.png,
// account-1366-out.png, account-phone.png.
// usage: node tests/browser/account.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

async function fill(page, form, fields) {
  for (const [k, v] of Object.entries(fields)) await page.fill(`#${form} input[name=${k}]`, v);
  await page.click(`#${form} button[type=submit]`);
}

const who = (page) => page.locator('#who-text').textContent();

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('account', bin);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const page = w.watch(await ctx.newPage(), 'account', true);
    await page.goto(`${w.base}/account.html`);
    await page.waitForFunction(() => /Not logged in/.test(document.querySelector('#who-text').textContent));
    check('a new page: not logged in', true);

    await fill(page, 'signup', { name: 'Ann_Lee', password: 'short' });
    await page.waitForFunction(() => document.querySelector('#signup .err[data-for="password"]').textContent !== '');
    check('a short password: refused beside the password', /at least 8/.test(await page.locator('#signup .err[data-for="password"]').textContent()));

    await fill(page, 'signup', { name: 'Ann_Lee', password: 'correct horse' });
    await page.waitForFunction(() => /Logged in as/.test(document.querySelector('#who-text').textContent));
    check('signed up: logged in as Ann_Lee', (await page.locator('#me').textContent()) === 'Ann_Lee');
    const token = await page.evaluate(() => localStorage.getItem('bh.session'));
    check('the session token kept', /^[0-9a-f]{32}$/.test(token || ''), token);
    check('logged in: the forms are gone', !(await page.locator('#forms').isVisible()));
    await page.screenshot({ path: `${ART}/account-1366.png` });

    await page.reload();
    await page.waitForFunction(() => /Logged in as/.test(document.querySelector('#who-text').textContent));
    check('a reload keeps the session', (await page.locator('#me').textContent()) === 'Ann_Lee');

    // a second page of another browser: the name in capitals is taken
    const other = w.watch(await (await w.browser.newContext({ viewport: { width: 1366, height: 657 } })).newPage(), 'other', true);
    await other.goto(`${w.base}/account.html`);
    await other.waitForFunction(() => /Not logged in/.test(document.querySelector('#who-text').textContent));
    await fill(other, 'signup', { name: 'ANN_LEE', password: 'another one' });
    await other.waitForFunction(() => document.querySelector('#signup .err[data-for="name"]').textContent !== '');
    check('the same name in capitals: taken', /taken/.test(await other.locator('#signup .err[data-for="name"]').textContent()));

    await page.click('#logout');
    await page.waitForFunction(() => /Not logged in/.test(document.querySelector('#who-text').textContent));
    await page.screenshot({ path: `${ART}/account-1366-out.png` });
    check('logged out, the token forgotten', (await page.evaluate(() => localStorage.getItem('bh.session'))) === null);

    await fill(page, 'login', { name: 'ann_lee', password: 'wrong horse' });
    await page.waitForFunction(() => document.querySelector('#login .err[data-for="form"]').textContent !== '');
    check('a wrong password: refused', /Wrong name or password/.test(await page.locator('#login .err[data-for="form"]').textContent()));
    await fill(page, 'login', { name: 'ann_lee', password: 'correct horse' });
    await page.waitForFunction(() => /Logged in as/.test(document.querySelector('#who-text').textContent));
    check('logged in again, shown as signed up', (await page.locator('#me').textContent()) === 'Ann_Lee');

    const phone = w.watch(await (await w.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage(), 'phone', true);
    await phone.goto(`${w.base}/account.html`);
    await phone.waitForFunction(() => /Not logged in/.test(document.querySelector('#who-text').textContent));
    await fill(phone, 'signup', { name: 'ab', password: 'correct horse' });
    await phone.waitForFunction(() => document.querySelector('#signup .err[data-for="name"]').textContent !== '');
    await fill(phone, 'guest', { name: 'Visitor7' });
    await phone.waitForFunction(() => /guest/.test(document.querySelector('#who-text').textContent));
    check('phone: the sign-up refusal goes when the guest form is sent', (await phone.evaluate(() => [...document.querySelectorAll('.err')].map((e) => e.textContent).join(''))) === '');
    const widths = await phone.evaluate(() => [document.documentElement.scrollWidth, ...[...document.querySelectorAll('.card')].map((c) => Math.round(c.getBoundingClientRect().width))]);
    check('phone: no sideways scroll, the forms full width', widths[0] <= 390 && widths.slice(1).every((x) => x === 0 || x >= 300), widths);
    check('phone: a guest may still log in or sign up', (await phone.locator('#login').isVisible()) && !(await phone.locator('#guest').isVisible()));
    await phone.screenshot({ path: `${ART}/account-phone.png`, fullPage: true });
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
