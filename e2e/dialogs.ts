import type { Page } from 'playwright-core';

/**
 * Confirms the Ant Design dialog the last click opened (a confirmation or a modal's primary
 * button), and waits until that dialog is hidden or gone: one still fading out would otherwise
 * take the next confirmation's click, which then never happens (tickets and account, run 8).
 */
export async function confirmDialog(page: Page): Promise<void> {
  const button = page
    .locator('.ant-modal-confirm-btns .ant-btn-primary, .ant-modal-footer .ant-btn-primary')
    .last();
  const handle = await button.elementHandle();
  if (!handle) throw new Error('no dialog to confirm');
  try {
    await handle.click();
    await handle.waitForElementState('hidden');
  } finally {
    await handle.dispose();
  }
}
