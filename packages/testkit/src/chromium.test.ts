/**
 * The browser the end-to-end tests drive: Chromium keeps only the last `--disable-features`, so
 * the one launchChromium adds must still hold every feature Playwright disables, and no window
 * may preload the address bar's web-page suggestion list (a renderer's CPU per browser context).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The command line of this process's Chromium child that Playwright drives over a pipe. */
function browserCommandLine(): string[] {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--remote-debugging-pipe')) return args;
    } catch {
      // gone meanwhile
    }
  }
  throw new Error('no Chromium child of this process');
}

test("the last --disable-features keeps every feature Playwright disables, and adds the omnibox popup's", () => {
  const lists = browserCommandLine()
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  expect(lists.length).toBeGreaterThan(1);
  const [playwrights, effective] = [lists[0]!, lists.at(-1)!];
  expect(effective).toEqual(expect.arrayContaining(playwrights));
  expect(effective).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});

test('a browser context opens no page of Chromium’s own interface', async () => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  for (const context of contexts) await (await context.newPage()).goto('data:text/html,<p>x</p>');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  await Promise.all(contexts.map((context) => context.close()));
  expect(targetInfos.map((target) => `${target.type} ${target.url}`).sort()).toEqual([
    'page data:text/html,<p>x</p>',
    'page data:text/html,<p>x</p>',
  ]);
});
