/**
 * Real proxy servers on loopback (HTTP with basic auth from proxy-chain, SOCKS5 with user/password
 * auth) that log what they carry, and an IP-lookup endpoint answering like ip-api.com. No browser:
 * the proxy-check integration tests use them as the browser tests do.
 */
import http from 'node:http';
import net from 'node:net';
import { Server as ProxyServer } from 'proxy-chain';

/** An HTTP proxy with basic auth (proxy-chain), logging the host of every request it carries. */
export async function startHttpProxy(user = 'puser', pass = 'ppass') {
  const hosts: string[] = [];
  const usernames: string[] = [];
  const server = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      usernames.push(username);
      if (username !== user || password !== pass) return { requestAuthentication: true };
      hosts.push(`${hostname}:${port}`);
      return {};
    },
  });
  await server.listen();
  return {
    port: server.port,
    hosts,
    usernames,
    close: () => server.close(true),
  };
}

/** A SOCKS5 proxy with user/password auth, logging every destination. */
export async function startSocks5(user = 'suser', pass = 'spass') {
  const destinations: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', () => {
      socket.write(Buffer.from([5, 2]));
      socket.once('data', (auth: Buffer) => {
        const u = auth.subarray(2, 2 + (auth[1] ?? 0)).toString();
        const plen = auth[2 + (auth[1] ?? 0)] ?? 0;
        const p = auth.subarray(3 + (auth[1] ?? 0), 3 + (auth[1] ?? 0) + plen).toString();
        const ok = u === user && p === pass;
        socket.write(Buffer.from([1, ok ? 0 : 1]));
        if (!ok) return socket.end();
        socket.once('data', (request: Buffer) => {
          let host: string;
          let offset: number;
          if (request[3] === 3) {
            const length = request[4] ?? 0;
            host = request.subarray(5, 5 + length).toString();
            offset = 5 + length;
          } else {
            host = [...request.subarray(4, 8)].join('.');
            offset = 8;
          }
          const port = request.readUInt16BE(offset);
          destinations.push(`${host}:${port}`);
          const upstream = net.connect(port, host, () => {
            socket.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
            upstream.pipe(socket).pipe(upstream);
          });
          upstream.on('error', () => socket.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])));
          socket.on('close', () => upstream.destroy());
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    destinations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An IP-lookup endpoint answering like ip-api.com. */
export async function startLookup(answer: Record<string, unknown>) {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 'success', ...answer }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
