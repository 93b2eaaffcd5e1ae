/**
 * Opening the lie detector's page the way a site would see it: no puppeteer page machinery (it
 * enables the Runtime domain, which the detector's `cdp-runtime` check sees, and leaves its own
 * frames in stacks). One plain CDP session navigates the tab, optionally adds a script to every
 * new document first (the control patches), and reads `window.lieReport` with Runtime.evaluate,
 * which needs no Runtime.enable.
 */
import type { Browser, CDPSession } from 'puppeteer-core';
import type { LieReports } from './compare.ts';

export interface LieVisit {
  reports: LieReports;
  /** The browser's targets while the page ran (to prove the cross-site frame ran apart). */
  targets: { type: string; url: string; browserContextId?: string }[];
}

export async function visitLies(
  browser: Browser,
  url: string,
  options: { init?: string; browserContextId?: string } = {},
): Promise<LieVisit> {
  const root = await browser.target().createCDPSession();
  let targetId: string | undefined;
  try {
    ({ targetId } = await root.send('Target.createTarget', {
      url: 'about:blank',
      ...(options.browserContextId ? { browserContextId: options.browserContextId } : {}),
    }));
    const { sessionId } = await root.send('Target.attachToTarget', { targetId, flatten: true });
    const page = root.connection()!.session(sessionId)!;
    if (options.init) {
      // Scripts to evaluate on new documents take effect once the Page domain is on.
      await page.send('Page.enable');
      await page.send('Page.addScriptToEvaluateOnNewDocument', { source: options.init });
    }
    await page.send('Page.navigate', { url: `${url}/lies` });
    const reports = await reportOf(page);
    const { targetInfos } = await root.send('Target.getTargets');
    const targets = targetInfos.filter(
      (t) => !options.browserContextId || t.browserContextId === options.browserContextId,
    );
    return { reports, targets };
  } finally {
    if (targetId) await root.send('Target.closeTarget', { targetId }).catch(() => undefined);
    await root.detach().catch(() => undefined);
  }
}

async function reportOf(page: CDPSession): Promise<LieReports> {
  const deadline = Date.now() + 50_000;
  for (;;) {
    const answer = await page
      .send('Runtime.evaluate', {
        expression: `location.pathname === '/lies' && window.lieReport || null`,
        awaitPromise: true,
        returnByValue: true,
      })
      .catch(() => undefined); // the context is replaced while the page navigates
    if (answer?.exceptionDetails) throw new Error(answer.exceptionDetails.text);
    if (answer?.result.value) return answer.result.value as LieReports;
    if (Date.now() > deadline) throw new Error('no window.lieReport within 50 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
