import { describe, expect, test } from 'vitest';
import { checkEnvSnapshot } from './snapshot.ts';

type Sample = ReturnType<typeof sample> & { settings: Record<string, unknown> };

/** A snapshot as the local API writes one for a new environment with a profile that travels. */
function sample() {
  return {
    v: 1,
    env: {
      name: 'Amazon US 01',
      description: '',
      group: 'default',
      system: 'Windows',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0.0.0 Safari/537.36',
      proxyType: 'noproxy',
      proxyIp: '',
      createdAt: 1_764_000_000_000,
    },
    settings: {
      automaticConfigure: 0,
      resolution: '1920x1080',
      fingerprintSetting: '1,1,1,1',
      timezone: '',
      countryCode: 'us',
      languageCode: '',
      proxyPort: 0,
      launchArgs: ['--window-position=0,0'],
      geolocationLatitude: null,
      geolocationLongitude: null,
      geolocationAccuracy: 50,
      syncProfile: 1,
    },
    startPages: [{ url: 'https://www.amazon.com/', flag: 1 }],
    plugins: [],
    scripts: [
      { scriptId: 'keep-alive', name: 'Keep alive', version: '1.0.0', active: true, source: 'x' },
    ],
    usage: {
      cookies: [{ name: 'sid', value: '1', domain: '.amazon.com', path: '/' }],
      fingerprint: null,
      updatedAt: 1_764_000_000_000,
      profile: {
        hash: 'a'.repeat(64),
        manifest: {
          v: 1,
          files: [
            { path: 'Default/Cookies', size: 1, mode: 0o600, mtime: 1, chunks: ['b'.repeat(64)] },
          ],
        },
      },
    },
  };
}

const check = (value: unknown) => checkEnvSnapshot(JSON.stringify(value));

describe('the snapshot schema', () => {
  test('accepts what the local API writes', () => {
    expect(check(sample())).toMatchObject({ ok: true });
  });

  test('refuses the malformed share that stopped a receiver sync (issue 24 item 3)', () => {
    expect(check({ v: 1, env: { name: 'x' } })).toMatchObject({ ok: false });
    expect(checkEnvSnapshot('{not json')).toEqual({ ok: false, reason: 'not JSON' });
  });

  test.each([
    [
      'a start page that is not http(s)',
      (s: Sample) => (s.startPages[0]!.url = 'file:///etc/passwd'),
    ],
    ['an unknown setting', (s: Sample) => (s.settings.downloadDirectory = '/root/.ssh')],
    ['a system outside the appendix', (s: Sample) => (s.env.system = 'Plan9')],
    ['a flag that is not 0/1', (s: Sample) => (s.settings.syncProfile = 2)],
    ['a time zone outside the appendix', (s: Sample) => (s.settings.timezone = 'Mars/Base')],
    [
      'a chunk that is not a SHA-256',
      (s: Sample) => (s.usage.profile.manifest.files[0]!.chunks = ['../x']),
    ],
    ['a script id with a path', (s: Sample) => (s.scripts[0]!.scriptId = '../../x')],
    ['two active scripts', (s: Sample) => s.scripts.push({ ...s.scripts[0]!, scriptId: 'other' })],
    ['a name over the limit', (s: Sample) => (s.env.name = 'n'.repeat(61))],
    ['a proxy type outside the list', (s: Sample) => (s.env.proxyType = 'ftp')],
    ['a proxy host with a URL inside', (s: Sample) => (s.env.proxyIp = 'evil.example/x?y=')],
  ])('refuses %s, naming where', (_what, spoil) => {
    const snapshot = sample();
    spoil(snapshot);
    const result = check(snapshot);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^[a-zA-Z]+(\.[\w]+)*: /);
  });
});
