/**
 * The fingerprint of an environment: consistent with its system, screen and language, stored and
 * kept until those change, different per environment; the user agent and client hints follow the
 * real engine; Chrome's brand list matches what Chromium itself sends for the same major.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, describe, expect, test } from 'vitest';
import { hasChromium, startSite } from '../test/browser.ts';
import {
  DEFAULT_SETTINGS,
  type EnvironmentRecord,
  type EnvSettings,
} from '../store/environments.ts';
import { openStore } from '../store/database.ts';
import {
  basisOf,
  chromeBrands,
  engineUserAgent,
  fingerprintStore,
  generateFingerprint,
  secChUa,
  userAgentMetadata,
} from './fingerprint.ts';
import { fingerprintFlags, injectionConfig, injectionScript } from './inject.ts';

function record(
  fields: Partial<Omit<EnvironmentRecord, 'settings'>> & { settings?: Partial<EnvSettings> } = {},
): EnvironmentRecord {
  return {
    id: fields.id ?? 'e1',
    owner: 'alice',
    name: 'n',
    description: '',
    group: 'default',
    system: fields.system ?? 'Windows',
    userAgent:
      fields.userAgent ??
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
    proxyType: 'noproxy',
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS, resolution: '1920x1080', ...fields.settings },
    cookies: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('generation', () => {
  test('consistent with the system, screen and language', () => {
    const windows = generateFingerprint(
      record({ settings: { resolution: '1366x768', LanguageCode: 'de' } }),
    );
    expect(windows).toMatchObject({
      navigatorPlatform: 'Win32',
      screen: { width: 1366, height: 768 },
      uaPlatform: { platform: 'Windows', mobile: false, architecture: 'x86', bitness: '64' },
    });
    expect([2, 4, 6, 8, 10, 12, 16, 20, 24, 32]).toContain(windows.hardwareConcurrency);
    expect([0.5, 1, 2, 4, 8]).toContain(windows.deviceMemory);
    expect(windows.webgl.renderer).toMatch(/^ANGLE \(/);
    expect(windows.webgl.renderer).not.toMatch(/Apple|Metal|Adreno/);
    const mac = generateFingerprint(
      record({
        system: 'MacIntel',
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
        settings: { resolution: '1440x900' },
      }),
    );
    expect(mac).toMatchObject({ navigatorPlatform: 'MacIntel', uaPlatform: { platform: 'macOS' } });
    const android = generateFingerprint(
      record({
        system: 'Android',
        userAgent:
          'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Mobile Safari/537.36',
        settings: { resolution: '412x915', MobileModel: 'Pixel 7' },
      }),
    );
    expect(android).toMatchObject({
      maxTouchPoints: 5,
      screen: { width: 412, height: 915, devicePixelRatio: 2.625 },
      uaPlatform: { platform: 'Android', mobile: true, model: 'Pixel 7', architecture: 'arm' },
    });
    const iphone = generateFingerprint(
      record({
        system: 'iPhone',
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/147.0.7727.50 Mobile/15E148 Safari/604.1',
        settings: { resolution: '390x844', MobileModel: 'iPhone 15' },
      }),
    );
    expect(userAgentMetadata(iphone, { major: 156, version: '156.0.8078.79' })).toBeUndefined();
    expect(injectionConfig(iphone, '1,1,1,1', ['en-US']).noUserAgentData).toBe(true);
  });

  test('stored once, stable, and new when the system, screen or language change', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-fp-'));
    dirs.push(dir);
    const db = openStore(dir);
    db.prepare(
      `insert into environment (id, owner, name, description, group_name, system, user_agent,
        proxy_type, proxy_ip, created_at, updated_at) values ('e1','alice','n','','default','Windows','ua','noproxy','',0,0)`,
    ).run();
    const store = fingerprintStore(db);
    const env = record();
    const first = store.ensure(env);
    expect(store.ensure(env)).toEqual(first);
    // A new engine (the UA's version) keeps the fingerprint.
    expect(store.ensure({ ...env, userAgent: env.userAgent.replace('147', '150') })).toEqual(first);
    const other = store.ensure({ ...env, settings: { ...env.settings, resolution: '1600x900' } });
    expect(other.seed).not.toBe(first.seed);
    expect(other.screen.width).toBe(1600);
    expect(basisOf(env)).not.toBe(basisOf({ ...env, system: 'MacIntel' }));
    db.close();
  });

  test('different environments get different seeds and hidden fonts', () => {
    const fonts = Array.from({ length: 40 }, (_, i) => `Font ${i}`);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const fingerprint = generateFingerprint(record({ id: `e${i}` }), fonts);
      seen.add(`${fingerprint.seed}:${fingerprint.hiddenFonts.join(',')}`);
    }
    expect(seen.size).toBe(20);
  });
});

describe('the engine decides the version', () => {
  const engine = { major: 156, version: '156.0.8078.79' };

  test('the UA names the real engine major', () => {
    expect(engineUserAgent(record().userAgent, engine)).toBe(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    );
    expect(
      engineUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/147.0.7727.50 Mobile/15E148 Safari/604.1',
        engine,
      ),
    ).toContain('CriOS/156.0.8078.79 ');
  });

  test("Chrome's brand list: known majors, and the installed Chromium's own GREASE brand", async () => {
    // Published Sec-CH-UA values of Chrome releases.
    expect(secChUa(chromeBrands(120))).toBe(
      '"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"',
    );
    expect(secChUa(chromeBrands(121))).toBe(
      '"Not A(Brand";v="99", "Google Chrome";v="121", "Chromium";v="121"',
    );
    expect(secChUa(chromeBrands(124))).toBe(
      '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"',
    );
    const metadata = userAgentMetadata(generateFingerprint(record()), engine)!;
    expect(metadata.fullVersionList.map((b) => b.version)).toContain('156.0.8078.79');
    if (!hasChromium) return;
    const browser = await puppeteer.launch({
      executablePath: '/usr/lib/chromium/chromium',
      headless: true,
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    const site = await startSite();
    try {
      const page = await browser.newPage();
      await page.goto(site.url);
      const brands = (await page.evaluate('navigator.userAgentData.brands')) as {
        brand: string;
        version: string;
      }[];
      const major = Number(brands.find((b) => b.brand === 'Chromium')!.version);
      // Chromium sends the same GREASE brand as Chrome of its major, beside "Chromium".
      const grease = brands.find((b) => b.brand !== 'Chromium')!;
      expect(chromeBrands(major)).toContainEqual(grease);
    } finally {
      await browser.close();
      await site.close();
    }
  });
});

describe('FingerPrint_Setting', () => {
  test('four switches: canvas, WebGL, audio, fonts', () => {
    expect(fingerprintFlags('1,1,1,1')).toEqual({
      canvas: true,
      webgl: true,
      audio: true,
      fonts: true,
    });
    expect(fingerprintFlags('0,1,0,1')).toEqual({
      canvas: false,
      webgl: true,
      audio: false,
      fonts: true,
    });
    const fingerprint = generateFingerprint(record());
    expect(injectionConfig(fingerprint, '1,0,1,1', ['en-US']).webgl).toBeUndefined();
    expect(injectionScript(injectionConfig(fingerprint, '1,1,1,1', ['en-US']))).toContain(
      fingerprint.webgl.renderer,
    );
  });
});
