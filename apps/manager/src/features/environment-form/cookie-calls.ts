/**
 * Cookies of an environment through the service, without a path on disk: import-cookie and
 * export-cookie read and write files in the service's cookie folder, which a browser page cannot
 * reach. So the manager reads the environment's cookies from id_container (type 1, its `Cookie`
 * list), writes them with session/update's `Cookie` field (the service checks every cookie and
 * answers -112 with the rule broken), and the file is read or saved by the browser.
 */
import { call } from '../../shared/api.ts';
import { toExtensionJson } from '@hainiao/contract';
import { cookieFileName, mergeCookies, type CookieItem } from './cookies.ts';

async function container(id: string): Promise<{ name: string; cookies: CookieItem[] }> {
  const answer = await call('/api/v1/session/id_container', {
    Session_ID: [id],
    Session_container_type: 1,
  });
  // Type 1: everything, the cookies included (an unknown id answers its id and -22 only).
  const found = answer.listcontainer[0];
  return {
    name: found && 'Session_Name' in found ? found.Session_Name : '',
    cookies: found && 'Cookie' in found ? found.Cookie : [],
  };
}

/** Stores the file's cookies (merged into the current ones, or instead of them); resolves to the total. */
export async function importCookies(
  id: string,
  incoming: readonly CookieItem[],
  mode: 'merge' | 'replace',
): Promise<number> {
  const cookies =
    mode === 'merge' ? mergeCookies((await container(id)).cookies, incoming) : [...incoming];
  await call('/api/v1/session/update', { Session_ID: id, Cookie: cookies });
  return (await container(id)).cookies.length;
}

/** Downloads the environment's cookies as the JSON array of browser extensions. */
export async function exportCookies(id: string): Promise<void> {
  const { name, cookies } = await container(id);
  const url = URL.createObjectURL(
    new Blob([toExtensionJson(cookies)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = cookieFileName(name, id);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
