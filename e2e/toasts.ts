import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const RECORD = '__hainiaoToasts';

/**
 * Keeps the text of every Ant Design message (toast) the page shows from now on. A toast lives
 * 3 s: on a starved machine it can come and go between two looks, even Playwright's own wait in
 * the page (account.test.ts missed one in two CI runs), so the page writes each one down as it
 * appears and the test reads that record.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[key] = seen;
    const note = () => {
      for (const notice of document.querySelectorAll('.ant-message-notice')) {
        const text = notice.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
  }, RECORD);
}

/** Waits until a toast with `text` has been shown since `recordToasts` (on this page). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (key) => (window as unknown as Record<string, string[]>)[key]?.join('\n') ?? '',
          RECORD,
        ),
      { timeout: 30_000 },
    )
    .toContain(text);
}
