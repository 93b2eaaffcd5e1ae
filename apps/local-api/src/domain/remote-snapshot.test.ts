import { describe, expect, test } from 'vitest';
import { checkRemoteSnapshot } from './remote-snapshot.ts';

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function copy(change: (s: ReturnType<typeof base>) => void = () => {}) {
  const snapshot = base();
  change(snapshot);
  return JSON.stringify(snapshot);
}

function base() {
  return {
    v: 1,
    env: {
      name: 'shared',
      description: '',
      group: 'default',
      system: 'Linux x86_64',
      userAgent: UA,
      proxyType: 'noproxy',
      proxyIp: '',
      createdAt: 1,
    },
    settings: { launchArgs: ['--window-position=0,0'] } as Record<string, unknown>,
    startPages: [],
    plugins: [],
    scripts: [],
    usage: {
      cookies: [],
      fingerprint: null as string | null,
      updatedAt: 1,
      profile: null as unknown,
    },
  };
}

describe('a copy pulled from the cloud (issue 24)', () => {
  test('is applied when a create here would accept it', () => {
    expect(checkRemoteSnapshot(copy())).toMatchObject({ ok: true });
  });

  test.each([
    [
      'a launch argument outside the allow-list',
      (s: ReturnType<typeof base>) =>
        (s.settings.launchArgs = ['--remote-debugging-address=0.0.0.0']),
      /^settings\.launchArgs: not allowed here \(--remote-debugging-address/,
    ],
    [
      "a user agent of another system than the environment's",
      (s: ReturnType<typeof base>) => (s.env.system = 'Windows'),
      /^env\.userAgent: not a user agent of Windows/,
    ],
    [
      'a fingerprint that would write markup into fonts.conf',
      (s: ReturnType<typeof base>) =>
        (s.usage.fingerprint = JSON.stringify({ version: 2, rendering: { hintstyle: '<dir>/' } })),
      /^usage\.fingerprint: /,
    ],
    [
      'a profile path that leaves the profile',
      (s: ReturnType<typeof base>) =>
        (s.usage.profile = {
          hash: 'a'.repeat(64),
          manifest: {
            v: 1,
            files: [
              { path: '../../.ssh/authorized_keys', size: 1, mode: 384, mtime: 1, chunks: [] },
            ],
          },
        }),
      /^usage\.profile: /,
    ],
    [
      'what the contract schema refuses',
      (s: ReturnType<typeof base>) => (s.env.proxyIp = 'x/y'),
      /^env\.proxyIp: /,
    ],
  ])('is refused for %s, saying why', (_what, spoil, reason) => {
    const checked = checkRemoteSnapshot(copy(spoil));
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.reason).toMatch(reason);
  });
});
