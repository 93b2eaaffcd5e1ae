// Hainiao local API with Playwright: create an environment, start it, attach to its browser over
// CDP (browser_CDP_Port), then end and delete it. Node.js 18 or later; `npm install playwright-core`.
//
//   HAINIAO_API       the service (default http://127.0.0.1:8186)
//   HAINIAO_ACCOUNT, HAINIAO_APP_ID, HAINIAO_APP_KEY
//                     your API credential; without them the service's current login is used
//   HAINIAO_API_KEY   the service's own key (<data>/api-key), when it runs with --api-key on
//   HAINIAO_HEADLESS  1 (default) without a window, 0 with one
//   HAINIAO_URL       the page to open (default https://example.com)
import { chromium } from 'playwright-core';

const API = process.env.HAINIAO_API ?? 'http://127.0.0.1:8186';
const URL = process.env.HAINIAO_URL ?? 'https://example.com';

/** POSTs a call and answers its data; throws unless the code (status for /login) is 0. */
async function call(path, body = {}) {
  const response = await fetch(API + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(process.env.HAINIAO_API_KEY
        ? { Authorization: `Bearer ${process.env.HAINIAO_API_KEY}` }
        : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  const code = answer.code ?? answer.status;
  if (code !== 0) throw new Error(`${path}: ${code} ${answer.message ?? answer.msg}`);
  return answer.data;
}

if (process.env.HAINIAO_ACCOUNT) {
  await call('/login', {
    Account: process.env.HAINIAO_ACCOUNT,
    APP_ID: process.env.HAINIAO_APP_ID,
    APP_KEY: process.env.HAINIAO_APP_KEY,
  });
}

const { Session_Id: id } = await call('/api/v1/session/create', {
  Automatic_Configure: 0,
  Session_Name: 'Playwright example',
});
try {
  const { listid } = await call('/api/v1/browser/start', {
    Session_ID: [id],
    isHeadless: Number(process.env.HAINIAO_HEADLESS ?? 1),
  });
  const started = listid[0];
  if (started.status !== 0) {
    throw new Error(`start: status ${started.status} ${started.message ?? ''}`);
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${started.browser_CDP_Port}`);
  // The environment's own context: its fingerprint, proxy and cookies apply.
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(URL);
  console.log('title:', await page.title());
  console.log('user agent:', await page.evaluate(() => navigator.userAgent));
  await page.close();
  // Only disconnects: the service ends the browser (and saves its cookies).
  await browser.close();
} finally {
  await call('/api/v1/browser/kill', { Session_ID: [id] });
  await call('/api/v1/session/delete', { Session_ID: [id] });
}
console.log('done');
