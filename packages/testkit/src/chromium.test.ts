/**
 * The browser the end-to-end tests drive: the headless shell when installed (always under CI);
 * the full Chromium otherwise, whose last `--disable-features` (the one Chromium keeps) must
 * still hold every feature Playwright disables. In neither may a browser context preload a page
 * of Chromium's own interface (a renderer's CPU for every context).
 */
import fs from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { HEADLESS_SHELL_PATH, launchChromium } from './chromium.ts';

/** The command line of this process's Chromium child that Playwright drives over a pipe. */
function browserCommandLines(): string[][] {
  const found: string[][] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--remote-debugging-pipe')) found.push(args);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function ownInterfacePages(browser: Browser): Promise<string[]> {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  for (const context of contexts) await (await context.newPage()).goto('data:text/html,<p>x</p>');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  await Promise.all(contexts.map((context) => context.close()));
  return targetInfos.filter((target) => target.type !== 'page').map((target) => target.url);
}

describe.each([
  { name: 'the headless shell', full: false },
  { name: 'the full Chromium', full: true },
])('$name', ({ full }) => {
  let browser: Browser;
  afterAll(async () => {
    await browser?.close();
  });

  test('starts, and its contexts open no page of Chromium’s own interface', async () => {
    if (!full && !fs.existsSync(HEADLESS_SHELL_PATH)) {
      if (process.env.CI === 'true') {
        throw new Error(
          `no ${HEADLESS_SHELL_PATH} under CI: apt-get install chromium-headless-shell`,
        );
      }
      console.warn(
        `*** skipped: no ${HEADLESS_SHELL_PATH} (apt-get install chromium-headless-shell) ***`,
      );
      return;
    }
    browser = await launchChromium({ full });
    const [commandLine] = browserCommandLines();
    expect(commandLine?.[0]).toMatch(full ? /\/chromium$/ : /chromium-headless-shell$/);
    expect(await ownInterfacePages(browser)).toEqual([]);
    if (full) {
      const lists = commandLine!
        .filter((arg) => arg.startsWith('--disable-features='))
        .map((arg) => arg.slice('--disable-features='.length).split(','));
      expect(lists.length).toBeGreaterThan(1);
      expect(lists.at(-1)).toEqual(expect.arrayContaining(lists[0]!));
    }
  });
});
