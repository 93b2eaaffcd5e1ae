/**
 * NetError_StopChrome without a browser: a real loopback TCP server is the upstream proxy, and it
 * goes away mid-session.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { probeUpstream, startForwarder, type Forwarder, type ProxySpec } from './proxy.ts';
import { watchProxy } from './proxy-watch.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP server on a free loopback port; `stop` closes it and every connection it holds. */
async function upstream(onConnection?: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    onConnection?.(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  cleanups.push(() => server.listening && stop());
  const spec: ProxySpec = { type: 'HTTP', host: '127.0.0.1', port, username: '', password: '' };
  return { spec, stop, connections: () => connections };
}

/**
 * The watch's timer on a fake clock (its probes stay real network calls): `tick` runs `times`
 * rounds of the interval, then lets a probe of the test's own — the watch's two tries — answer,
 * so whatever the watch's rounds started has had the time it takes.
 */
function fakeInterval(spec: ProxySpec, intervalMs: number) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  cleanups.push(() => vi.useRealTimers());
  return async (times: number) => {
    for (let i = 0; i < times; i++) await vi.advanceTimersByTimeAsync(intervalMs);
    if (!(await probeUpstream(spec))) await probeUpstream(spec);
  };
}

test('a proxy that goes away is reported down once; while it is up, never', async () => {
  const { spec, stop, connections } = await upstream();
  const tick = fakeInterval(spec, 50);
  let downs = 0;
  const unwatch = watchProxy({
    spec,
    intervalMs: 50,
    active: () => true,
    onDown: () => void (downs += 1),
  });
  cleanups.push(unwatch);
  // Probes that the proxy answers (more connections than the test's own four): no verdict.
  for (let round = 1; round <= 4; round++) await tick(1);
  await expect.poll(connections).toBeGreaterThan(4);
  expect(downs).toBe(0);
  await stop();
  await tick(1);
  await expect.poll(() => downs).toBe(1);
  // Later rounds say nothing more.
  await tick(6);
  expect(downs).toBe(1);
});

test('a failed hop at the forwarder probes at once, not at the next interval', async () => {
  // The upstream's last act: it refuses a tunnel (502), then stops listening.
  const { spec, stop } = await upstream((socket) =>
    socket.once('data', () => {
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n', () => void stop());
    }),
  );
  const forwarder: Forwarder = await startForwarder(spec);
  cleanups.push(() => forwarder.close());
  let downs = 0;
  cleanups.push(
    watchProxy({
      spec,
      forwarder,
      intervalMs: 600_000,
      active: () => true,
      onDown: () => void (downs += 1),
    }),
  );
  // A page opens an HTTPS site through the forwarder.
  const answer = await new Promise<number | undefined>((resolve) => {
    http
      .request({
        host: '127.0.0.1',
        port: forwarder.port,
        method: 'CONNECT',
        path: 'site.example:443',
      })
      .on('connect', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode);
      })
      .on('error', () => resolve(undefined))
      .end();
  });
  expect(answer).not.toBe(200);
  await expect.poll(() => downs).toBe(1);
});

test('an environment already ending gets no verdict; a stopped watch probes no more', async () => {
  const { spec, stop } = await upstream();
  const tick = fakeInterval(spec, 50);
  let downs = 0;
  let active = false;
  let asked = 0;
  const unwatch = watchProxy({
    spec,
    intervalMs: 50,
    active: () => (asked++, active),
    onDown: () => void (downs += 1),
  });
  await stop();
  await tick(6);
  expect(asked).toBeGreaterThanOrEqual(6);
  expect(downs).toBe(0);
  unwatch();
  active = true;
  const before = asked;
  await tick(6);
  expect(asked).toBe(before);
  expect(downs).toBe(0);
});
