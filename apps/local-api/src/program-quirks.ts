/**
 * What the Node.js the packaged program carries does differently from a checkout's, set before
 * anything else runs: its SQLite's experimental warning is not the user's business, and on
 * Windows TCP keep-alive waits for the connection.
 */
import net from 'node:net';

/**
 * TCP keep-alive set on a socket still connecting is applied once it connects. Node's fetch asks
 * for it before the connection is made; Wine (where the Windows program is tested) then fails the
 * connection ("connect UNKNOWN"), Windows itself does not. The setting takes effect at the same
 * moment either way.
 */
function keepAliveOnceConnected(): void {
  const setKeepAlive = net.Socket.prototype.setKeepAlive;
  net.Socket.prototype.setKeepAlive = function (this: net.Socket, ...args) {
    if (!this.connecting) return setKeepAlive.apply(this, args);
    this.once('connect', () => setKeepAlive.apply(this, args));
    return this;
  };
}

if (process.getBuiltinModule?.('node:sea')?.isSea()) {
  // Node.js 22 calls its SQLite experimental at first use.
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
    if (String(warning).startsWith('SQLite is an experimental feature')) return;
    emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
  if (process.platform === 'win32') keepAliveOnceConnected();
}
