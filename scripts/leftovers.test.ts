/**
 * The end-of-run check of `npm test` (scripts/leftovers.ts): only what this run started counts,
 * and each kind of leftover is named.
 */
import { describe, expect, test } from 'vitest';
import {
  carriesMark,
  decodeAddress,
  describeLeftovers,
  findLeftovers,
  isClean,
  parseListening,
  type Snapshot,
} from './leftovers.ts';

const RUN = { id: 'run-1', tempDir: '/tmp/hainiao-test-abc/tmp', exclude: new Set([10]) };
const env = (...vars: string[]) => vars.join('\0') + '\0';

function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    processes: [
      // Running before the run, another user's, another run's: none carries this mark.
      { pid: 1, command: '/sbin/init', environ: '' },
      { pid: 20, command: 'node other-suite', environ: env('HAINIAO_TEST_RUN=run-2') },
      { pid: 21, command: 'postgres: writer', environ: env('PATH=/usr/bin') },
      // The runner itself.
      { pid: 10, command: 'node scripts/test.ts', environ: env('HAINIAO_TEST_RUN=run-1') },
    ],
    listening: [{ inode: 500, address: '127.0.0.1:5432' }],
    socketsByPid: new Map([[21, [500]]]),
    tempEntries: [],
    ...overrides,
  };
}

describe('leftovers', () => {
  test('a clean machine: nothing of this run is left', () => {
    const found = findLeftovers(snapshot(), RUN);
    expect(isClean(found)).toBe(true);
    expect(describeLeftovers(found)).toEqual([]);
  });

  test('a process carrying the mark, and the port it listens on', () => {
    const base = snapshot();
    const found = findLeftovers(
      {
        ...base,
        processes: [
          ...base.processes,
          {
            pid: 42,
            command: 'node apps/local-api/src/cli.ts --app_key k',
            environ: env('PATH=/usr/bin', 'HAINIAO_TEST_RUN=run-1'),
          },
        ],
        listening: [...base.listening, { inode: 900, address: '127.0.0.1:50325' }],
        socketsByPid: new Map([
          [21, [500]],
          [42, [900, 901]],
        ]),
      },
      RUN,
    );
    expect(found.processes.map((p) => p.pid)).toEqual([42]);
    expect(found.ports).toEqual([{ pid: 42, address: '127.0.0.1:50325' }]);
    expect(describeLeftovers(found)).toEqual([
      'process 42 still running: node apps/local-api/src/cli.ts --app_key k',
      'port 127.0.0.1:50325 still listening (process 42)',
    ]);
    expect(isClean(found)).toBe(false);
  });

  test('a process started without the mark but naming the run’s temp folder', () => {
    const base = snapshot();
    const found = findLeftovers(
      {
        ...base,
        processes: [
          ...base.processes,
          {
            pid: 77,
            command: `/usr/lib/chromium/chromium --user-data-dir=${RUN.tempDir}/hainiao-e2e-x/p`,
            environ: '',
          },
        ],
      },
      RUN,
    );
    expect(found.processes.map((p) => p.pid)).toEqual([77]);
  });

  test('the mark must match exactly', () => {
    expect(carriesMark(env('HAINIAO_TEST_RUN=run-1'), 'run-1')).toBe(true);
    expect(carriesMark(env('HAINIAO_TEST_RUN=run-10'), 'run-1')).toBe(false);
    expect(carriesMark(env('X=HAINIAO_TEST_RUN=run-1'), 'run-1')).toBe(false);
    expect(carriesMark('', 'run-1')).toBe(false);
  });

  test('temp folder entries are named, tool caches are not', () => {
    const found = findLeftovers(
      snapshot({
        tempEntries: [
          'hainiao-files-Ab12Cd',
          'tsx-0',
          'org.chromium.Chromium.0N2m3z',
          '.org.chromium.Chromium.JZ5q5o',
          'hainiao-cli-9xYz',
          'playwright_chromiumdev_profile-x',
        ],
      }),
      RUN,
    );
    expect(found.tempEntries).toEqual([
      'hainiao-cli-9xYz',
      'hainiao-files-Ab12Cd',
      'playwright_chromiumdev_profile-x',
    ]);
    expect(describeLeftovers(found)[0]).toBe('temp folder entry left: hainiao-cli-9xYz');
  });
});

describe('/proc/net/tcp', () => {
  const table = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:075B 00000000:0000 0A 00000000:00000000 00:00000000 00000000   105        0 6197 1 0 100 0 0 10 0',
    '   1: 0100007F:C5A2 0100007F:075B 01 00000000:00000000 00:00000000 00000000     0        0 7001 1 0 20 4 30 10 -1',
    '   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 7002 1 0 100 0 0 10 0',
    '',
  ].join('\n');

  test('only listening sockets, with their address and inode', () => {
    expect(parseListening(table)).toEqual([
      { inode: 6197, address: '127.0.0.1:1883' },
      { inode: 7002, address: '0.0.0.0:8080' },
    ]);
  });

  test('IPv6 addresses, mapped IPv4 and the any address', () => {
    expect(decodeAddress('00000000000000000000000001000000')).toBe('[::1]');
    expect(decodeAddress('00000000000000000000000000000000')).toBe('[::]');
    expect(decodeAddress('0000000000000000FFFF00000100007F')).toBe('127.0.0.1');
    expect(decodeAddress('B80D0120000000000000000001000000')).toBe('[2001:db8::1]');
  });
});
