/**
 * The address of this service's environment manager as it reports it to the cloud at login
 * (apilogin's manager_url), for the API console's "Open the environment manager" link.
 */
import { managerAddress } from '@hainiao/contract';

/**
 * `http://HOST:PORT/` for a browser on this computer: the --host itself when it is one of the
 * loopback names the cloud accepts (127.0.0.1, localhost, ::1), 127.0.0.1 when the service listens
 * on every interface; undefined for any other address (the console then shows its default).
 */
export function ownManagerAddress(host: string, port: number): string | undefined {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const reachable = name === '0.0.0.0' || name === '::' ? '127.0.0.1' : name;
  const url = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}/`;
  return managerAddress(url) ?? undefined;
}
