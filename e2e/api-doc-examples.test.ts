/**
 * The runnable examples of the documentation (docs/examples/, shown on /api/doc/example) run green
 * against a real local API logged in to a real cloud: curl, Node.js with Puppeteer and with
 * Playwright (through browser_CDP_Port of a really started browser), Python with requests and with
 * Selenium. An example whose tools are missing here is skipped with a loud reason.
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startTestCloud,
  startTestService,
  type TestCloud,
  type TestService,
} from '@hainiao/testkit';

const EXAMPLES = path.join(import.meta.dirname, '../docs/examples');
const PAGE_TITLE = 'Hainiao example page';

function available(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}
/** The first Python 3 (on the PATH, else the system's) that can import `modules`. */
function python(modules: string): string | undefined {
  return ['python3', '/usr/bin/python3'].find((candidate) =>
    available(candidate, ['-c', `import ${modules}`]),
  );
}
const hasCurl = available('curl', ['--version']);
const pythonRequests = python('requests');
const pythonSelenium = python('requests, selenium');

/** Runs an example to its end; resolves with its exit code and output. */
function runExample(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: EXAMPLES, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function skipLoudly(skip: (note?: string) => void, reason: string): void {
  // Under CI nothing skips: .ci/run installs every tool the examples use.
  if (process.env.CI === 'true') throw new Error(`${reason} (required under CI)`);
  console.warn(`\n*** SKIPPED: ${reason}\n`);
  skip(reason);
}

describe('the documentation examples against a real service', () => {
  let cloud: TestCloud;
  let service: TestService;
  let page: http.Server;
  let env: NodeJS.ProcessEnv;
  /** Why the browser-driving examples cannot run here, if they cannot. */
  let noBrowser: string | undefined;

  beforeAll(async () => {
    page = http.createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><title>${PAGE_TITLE}</title><h1>Hello</h1>`);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    cloud = await startTestCloud();
    const credential = await cloud.account('examples');
    service = await startTestService({ cloud: cloud.url });
    env = {
      HAINIAO_API: service.url,
      HAINIAO_ACCOUNT: credential.Account,
      HAINIAO_APP_ID: credential.APP_ID,
      HAINIAO_APP_KEY: credential.APP_KEY,
      HAINIAO_URL: `http://127.0.0.1:${(page.address() as AddressInfo).port}/`,
    };

    // Can this machine start a browser of an environment? (The runtime needs Chromium.)
    expect((await service.post('/login', credential)).json().status).toBe(0);
    const id = (await service.post('/api/v1/session/create', { Automatic_Configure: 0 })).json()
      .data.Session_Id as string;
    const started = (
      await service.post('/api/v1/browser/start', { Session_ID: [id], isHeadless: 1 })
    ).json().data.listid[0];
    if (started.status !== 0) {
      noBrowser = `browser/start answers ${started.status} here (${started.message ?? 'no reason given'})`;
    }
    await service.post('/api/v1/browser/kill', { Session_ID: [id] });
    await service.post('/api/v1/session/delete', { Session_ID: [id] });
  });
  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
    await new Promise((resolve) => page?.close(resolve));
  });

  test('curl (shell)', async ({ skip }) => {
    if (!hasCurl) return skipLoudly(skip, 'curl is not installed');
    const { code, output } = await runExample('sh', ['curl.sh'], env);
    expect(code, output).toBe(0);
    expect(output).toContain('"msg":"Login Success"');
    expect(output).toContain('"message":"Session Create Success"');
    expect(output).toContain('"message":"Browser Start Finished."');
    expect(output).toContain('"message":"Browser Kill Finished."');
    expect(output).toContain('"message":"Session Delete Finished."');
    if (!noBrowser) expect(output).toMatch(/"browser_CDP_Port":[1-9]\d*/);
  });

  test('Node.js with Puppeteer', async ({ skip }) => {
    if (noBrowser) return skipLoudly(skip, `Puppeteer example: ${noBrowser}`);
    const { code, output } = await runExample(process.execPath, ['puppeteer.mjs'], env);
    expect(code, output).toBe(0);
    expect(output).toContain(`title: ${PAGE_TITLE}`);
    expect(output).toMatch(/user agent: Mozilla\/5\.0/);
    expect(output).toContain('done');
  });

  test('Node.js with Playwright', async ({ skip }) => {
    if (noBrowser) return skipLoudly(skip, `Playwright example: ${noBrowser}`);
    const { code, output } = await runExample(process.execPath, ['playwright.mjs'], env);
    expect(code, output).toBe(0);
    expect(output).toContain(`title: ${PAGE_TITLE}`);
    expect(output).toContain('done');
  });

  test('Python with requests', async ({ skip }) => {
    if (!pythonRequests) return skipLoudly(skip, 'no python3 can import requests');
    const { code, output } = await runExample(pythonRequests, ['requests_example.py'], env);
    expect(code, output).toBe(0);
    expect(output).toContain('logged in as examples');
    expect(output).toContain('environments in the group: 2');
    expect(output).toContain('deleted: 2');
    expect(output).toContain('done');
  });

  test('Python with Selenium', async ({ skip }) => {
    if (!pythonSelenium) {
      return skipLoudly(
        skip,
        'no python3 can import requests and selenium (pip install selenium, or apt-get install python3-selenium python3-requests)',
      );
    }
    if (noBrowser) return skipLoudly(skip, `Selenium example: ${noBrowser}`);
    const { code, output } = await runExample(pythonSelenium, ['selenium_example.py'], env);
    expect(code, output).toBe(0);
    expect(output).toContain(`title: ${PAGE_TITLE}`);
    expect(output).toContain('done');
  });
});
