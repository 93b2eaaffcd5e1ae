/**
 * A forwarder lends the environment's proxy to the browser only: a process of another user of the
 * machine that connects to its loopback port is dropped (peer-user.ts). Real servers on loopback;
 * the other user is `nobody`, which a test run as root can become.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHttpProxy } from '../../test/proxies.ts';
import { isRoot, NOBODY, requestAs } from '../../test/sockets.ts';
import { fromThisUser, peerUid, procAddress } from './peer-user.ts';
import { startForwarder, type Forwarder } from '../proxy/proxy.ts';

const linux = process.platform === 'linux';

/** A raw HTTP request for `target` through the proxy on `port`, sent as `uid`. */
const proxyRequestAs = (uid: number | undefined, port: number, target: string) =>
  requestAs(uid, port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);

describe('the owner of a loopback connection', () => {
  test('addresses are written as the kernel writes them', () => {
    // x86 and arm64 Linux are little-endian: each 32-bit word reversed.
    expect(procAddress('127.0.0.1', 8080, false)).toBe('0100007F:1F90');
    expect(procAddress('::ffff:127.0.0.1', 80, true)).toBe('0000000000000000FFFF00000100007F:0050');
    expect(procAddress('::1', 443, true)).toBe('00000000000000000000000001000000:01BB');
    expect(procAddress('::1', 443, false)).toBeUndefined();
  });

  test.skipIf(!linux)('a connection of this process is this user’s', async () => {
    const accepted = new Promise<net.Socket>((resolve) => {
      const server = net.createServer((socket) => {
        resolve(socket);
        server.close();
      });
      server.listen(0, '127.0.0.1', () => {
        const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
        client.on('error', () => undefined);
        void accepted.then(() => client.destroy());
      });
    });
    const socket = await accepted;
    expect(peerUid(socket)).toBe(process.getuid?.());
    expect(fromThisUser(socket)).toBe(true);
    // Tables that do not list it (a row already gone): refused, the check fails closed.
    expect(fromThisUser(socket, (file) => (file.endsWith('tcp') ? 'header\n' : ''))).toBe(false);
    socket.destroy();
  });
});

describe.skipIf(!linux)('a forwarder and another user of the machine', () => {
  let site: http.Server;
  let target: string;
  let upstream: Awaited<ReturnType<typeof startHttpProxy>>;
  let forwarder: Forwarder;

  beforeAll(async () => {
    if (!isRoot) console.warn('*** not root: the other-user case cannot become another user ***');
    site = http.createServer((_request, response) => response.end('the shop page'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}/`;
    upstream = await startHttpProxy();
    forwarder = await startForwarder({
      type: 'HTTP',
      host: '127.0.0.1',
      port: upstream.port,
      username: 'puser',
      password: 'ppass',
    });
  });

  afterAll(async () => {
    await forwarder?.close();
    await upstream?.close();
    await new Promise<void>((resolve) => site?.close(() => resolve()));
  });

  test('this user’s processes go through it', async () => {
    expect(await proxyRequestAs(undefined, forwarder.port, target)).toContain('the shop page');
  });

  test.skipIf(!isRoot)('another user’s process is dropped and reaches nothing', async () => {
    const before = upstream.hosts.length;
    expect(await proxyRequestAs(NOBODY, forwarder.port, target)).toBe('CLOSED');
    expect(upstream.hosts.length).toBe(before);
    // The forwarder still serves its own user afterwards.
    expect(await proxyRequestAs(undefined, forwarder.port, target)).toContain('the shop page');
  });
});
