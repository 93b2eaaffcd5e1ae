/**
 * The self-check's rules without a browser: what each finding says of a report (the browser test,
 * adapters/v1/self-check.test.ts, proves the reports on real environments).
 */
import { describe, expect, test } from 'vitest';
import type { ProbeReport, RealmReport } from '../runtime/self-check/self-check.ts';
import {
  evaluate,
  REALMS,
  sameClock,
  scoreOf,
  type CheckInput,
  type Finding,
} from './self-check.ts';

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const VALUES = {
  userAgent: UA,
  platform: 'Linux x86_64',
  uaBrands: ['Chromium/156', 'Not.A/Brand/99'],
  uaPlatform: 'Linux',
  hardwareConcurrency: 8,
  languages: ['en-US', 'en'],
  language: 'en-US',
  timeZone: 'America/New_York',
  audioSum: 12.5,
};

function realm(scope: string, values: Record<string, unknown> = {}): RealmReport {
  return { scope, findings: [], values: { ...VALUES, ...values } };
}

function report(change: Partial<Record<string, RealmReport | undefined>> = {}): ProbeReport {
  const realms: Record<string, RealmReport> = {};
  for (const scope of REALMS) {
    const given =
      scope in change
        ? change[scope]
        : realm(scope, scope === 'window' ? { webdriver: false } : { audioSum: null });
    if (given) realms[scope] = given;
  }
  return { realms, webrtc: { available: true, candidates: [] }, automation: [] };
}

function input(change: Partial<CheckInput> = {}): CheckInput {
  return {
    report: report(),
    running: { userAgent: UA, pageOnly: [], publicIp: '', proxyType: 'noproxy', proxyPort: 0 },
    flags: [
      '/usr/lib/chromium/chromium',
      '--no-proxy-server',
      '--host-resolver-rules=MAP *.invalid ~NOTFOUND',
    ],
    exit: {
      exit: { ip: '203.0.113.10', country: 'US', timezone: 'America/New_York', language: 'en-US' },
    },
    localAddresses: ['127.0.0.1', '192.168.1.23', 'fe80::1'],
    settings: { fingerprintNoise: 0, automaticConfigure: 0 },
    hostSystem: 'Linux x86_64',
    ...change,
  };
}

const byId = (findings: Finding[]) => Object.fromEntries(findings.map((f) => [f.id, f]));

describe('evaluate', () => {
  test('a clean report: every finding ok, in both languages, score 100', () => {
    const findings = evaluate(input());
    expect(findings.map((f) => [f.id, f.ok])).toEqual(
      [
        'user-agent',
        'realms',
        'lies',
        'devtools',
        'webrtc',
        'dns',
        'exit',
        'timezone',
        'language',
      ].map((id) => [id, true]),
    );
    for (const f of findings) {
      expect(f.fix).toEqual({ en: 'Nothing to change.', zh: '无需修改。' });
      expect(f.detail.zh).toMatch(/[\u3400-\u9fff]/);
      expect(f.detail.en).not.toMatch(/\{\w+\}/);
    }
    expect(scoreOf(findings)).toBe(100);
    expect(byId(findings).exit!.detail.zh).toContain('美国');
  });

  test("a shared worker with the machine's platform: user-agent fails; another system is the fix", () => {
    const findings = byId(
      evaluate(
        input({
          report: report({ shared: realm('shared', { uaPlatform: 'Windows', audioSum: null }) }),
          running: {
            userAgent: UA,
            pageOnly: ['navigator.platform'],
            publicIp: '',
            proxyType: 'noproxy',
            proxyPort: 0,
          },
        }),
      ),
    );
    expect(findings['user-agent']).toMatchObject({ ok: false, severity: 'high' });
    expect(findings['user-agent']!.detail.en).toContain(
      'uaPlatform: window "Linux" ≠ shared "Windows"',
    );
    expect(findings['user-agent']!.fix.en).toContain('Linux x86_64');
    // audioSum is null where OfflineAudioContext is not offered: no mismatch for that.
    expect(findings.realms!.ok).toBe(true);
  });

  test('a realm that did not run, a value that differs, and the noise', () => {
    const noisy = realm('dedicated', { audioSum: null, hardwareConcurrency: 4 });
    noisy.findings.push({
      api: 'OffscreenCanvas.convertToBlob',
      check: 'noise',
      detail: 'a solid fill encodes changed',
    });
    const findings = evaluate(
      input({
        report: report({
          dedicated: noisy,
          service: {
            scope: 'service',
            findings: [{ api: 'scope', check: 'unavailable', detail: 'dropped' }],
            values: {},
          },
        }),
        settings: { fingerprintNoise: 1, automaticConfigure: 0 },
      }),
    );
    const f = byId(findings);
    expect(f.realms!.ok).toBe(false);
    expect(f.realms!.detail.en).toContain('hardwareConcurrency: window 8 ≠ dedicated 4');
    expect(f.realms!.detail.en).toContain('service (dropped)');
    expect(f.lies!.ok).toBe(false);
    expect(f.lies!.detail.en).toContain(
      'dedicated: OffscreenCanvas.convertToBlob (noise: a solid fill encodes changed)',
    );
    expect(f.lies!.fix.en).toContain('FingerPrint_Noise 0');
    expect(scoreOf(findings)).toBe(50);
  });

  test('automation traces: webdriver, driver globals, Runtime on, automation flags', () => {
    const traced = report({ window: realm('window', { webdriver: true }) });
    traced.realms.window!.findings.push({
      api: 'console',
      check: 'cdp-runtime',
      detail: 'Error.prepareStackTrace',
    });
    traced.automation = ['window.cdc_adoQpoasnfa76pfcZLmcfl_Array'];
    const f = byId(
      evaluate(
        input({ report: traced, flags: ['chromium', '--enable-automation', '--no-proxy-server'] }),
      ),
    );
    expect(f.devtools!.ok).toBe(false);
    for (const part of [
      'navigator.webdriver is true',
      'cdc_adoQpoasnfa76pfcZLmcfl_Array',
      'Runtime domain',
      '--enable-automation',
    ]) {
      expect(f.devtools!.detail.en).toContain(part);
    }
    // cdp-runtime is a DevTools trace, not a lie.
    expect(f.lies!.ok).toBe(true);
  });

  test("WebRTC candidates: this machine's address and a public one that is not the exit", () => {
    const withCandidates = report();
    withCandidates.webrtc.candidates = [
      'candidate:1 1 udp 2122260223 192.168.1.23 54321 typ host generation 0',
      'candidate:2 1 udp 1686052607 198.51.100.7 54321 typ srflx raddr 0.0.0.0 rport 0',
      'candidate:3 1 udp 2122260223 0b8f1c2e-1111-4222-8333-444455556666.local 54321 typ host',
    ];
    const f = byId(evaluate(input({ report: withCandidates })));
    expect(f.webrtc!.ok).toBe(false);
    expect(f.webrtc!.detail.en).toContain('3 candidates');
    expect(f.webrtc!.detail.en).toContain('192.168.1.23 (an address of this machine)');
    expect(f.webrtc!.detail.en).toContain('198.51.100.7 (not the exit IP)');
    expect(f.webrtc!.detail.zh).toContain('192.168.1.23（本机地址）');
  });

  test('DNS from the flags the browser runs with', () => {
    const proxied = ['chromium', '--proxy-server=http://127.0.0.1:40001'];
    const ok = byId(
      evaluate(
        input({ flags: [...proxied, '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'] }),
      ),
    );
    expect(ok.dns).toMatchObject({ ok: true, severity: 'high' });
    const leaking = byId(evaluate(input({ flags: proxied })));
    expect(leaking.dns).toMatchObject({ ok: false, severity: 'high' });
    expect(leaking.dns!.detail.en).toContain('no --host-resolver-rules');
    const unknown = byId(evaluate(input({ flags: undefined })));
    expect(unknown.dns).toMatchObject({ ok: false, severity: 'low' });
  });

  test('time zone and language against the exit; an exit that could not be looked up', () => {
    const berlin = { ip: '203.0.113.10', country: 'DE', timezone: 'Europe/Berlin', language: 'de' };
    const f = byId(evaluate(input({ exit: { exit: berlin } })));
    expect(f.timezone).toMatchObject({ ok: false, severity: 'medium' });
    expect(f.timezone!.fix.en).toContain('TimeZone Europe/Berlin');
    expect(f.language).toMatchObject({ ok: false, severity: 'low' });
    expect(f.language!.detail.zh).toContain('德国');
    const unknown = byId(evaluate(input({ exit: { error: 'connect ECONNREFUSED' } })));
    expect(unknown.exit).toMatchObject({ ok: false, severity: 'low' });
    expect(unknown.exit!.detail.en).toContain('ECONNREFUSED');
    expect(unknown.timezone!.ok).toBe(false);
    // Through a proxy, no exit is a proxy that carries nothing.
    const down = byId(
      evaluate(
        input({
          exit: { error: 'no answer within 3000 ms' },
          running: {
            userAgent: UA,
            pageOnly: [],
            publicIp: '',
            proxyType: 'SOCKS5',
            proxyPort: 1080,
          },
        }),
      ),
    );
    expect(down.exit).toMatchObject({ ok: false, severity: 'high' });
    expect(down.exit!.detail.en).toContain('through the SOCKS5 proxy');
  });

  test("the start's exit changed since (Automatic_Configure 1)", () => {
    const f = byId(
      evaluate(
        input({
          running: {
            userAgent: UA,
            pageOnly: [],
            publicIp: '198.51.100.1',
            proxyType: 'SOCKS5',
            proxyPort: 1080,
          },
          settings: { fingerprintNoise: 0, automaticConfigure: 1 },
        }),
      ),
    );
    expect(f.exit!.ok).toBe(true);
    expect(f.exit!.detail.en).toContain('the exit of the SOCKS5 proxy');
    expect(f.exit!.detail.en).toContain('198.51.100.1');
  });
});

test('sameClock: another name of the same clock agrees, another clock does not', () => {
  expect(sameClock('America/Detroit', 'America/New_York', 2026)).toBe(true);
  expect(sameClock('Asia/Calcutta', 'Asia/Kolkata', 2026)).toBe(true);
  expect(sameClock('America/Chicago', 'America/New_York', 2026)).toBe(false);
  // Same offset in winter only (London has summer time, Reykjavik not).
  expect(sameClock('Europe/London', 'Atlantic/Reykjavik', 2026)).toBe(false);
  expect(sameClock('Nowhere/City', 'America/New_York', 2026)).toBe(false);
});
