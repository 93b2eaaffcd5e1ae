/**
 * What the service tells about its calls: `--return on` prints each call and its answer on the
 * console; `--logs on` appends the same lines to <data>/logs/local-api.log (0600 in a 0700
 * folder), rotated at LOG_FILE_MAX_BYTES with LOG_FILES_KEPT old files.
 *
 * Secrets never reach either: fields are masked by their name, at any depth of a request body or
 * an answer (see `maskSecrets`), and so are the values of URL parameters named like secrets, in
 * every line (`maskUrlSecrets`: the key may come as `?api_key=`).
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_FILES_KEPT = 3;

/** What a masked value is printed as. */
export const MASK = '***';

/**
 * Fields whose value is a secret, compared without case: credentials (APP_KEY, App_Key, app_key,
 * appKey), proxy and other passwords, tokens.
 */
const SECRET_FIELDS = new Set([
  'app_key',
  'appkey',
  'api_key',
  'apikey',
  'proxy_password',
  'password',
  'passwd',
  'token',
  'clienttoken',
  'secret',
  'authorization',
]);

/** Cookie lists (create/update `Cookie`, id_container's answer): names kept, values masked. */
const COOKIE_FIELDS = new Set(['cookie', 'cookies']);

/** Script sources: id_script_list's `Actived_script_encode`, `UnActived_script_encode`, `source`. */
const isScriptSource = (key: string) => /_encode$|^source$|^script_source$/.test(key);

function maskCookies(value: unknown): unknown {
  if (typeof value === 'string') return value ? MASK : value;
  if (!Array.isArray(value)) return value && typeof value === 'object' ? MASK : value;
  return value.map((item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? {
          ...item,
          ...('value' in item ? { value: MASK } : {}),
        }
      : MASK,
  );
}

/** A value with its secret fields masked; other fields (and numbers, booleans, flags) as they are. */
function mask(key: string, value: unknown): unknown {
  const lower = key.toLowerCase();
  if (SECRET_FIELDS.has(lower) || isScriptSource(lower)) {
    return typeof value === 'string' && value === '' ? value : value == null ? value : MASK;
  }
  if (COOKIE_FIELDS.has(lower)) return maskCookies(value);
  return value;
}

/** JSON text of a body or an answer with its secrets masked. */
export function maskSecrets(value: unknown): string {
  return JSON.stringify(value ?? {}, (key, inner: unknown) => (key ? mask(key, inner) : inner));
}

/**
 * URL parameters whose value is a secret, by their name without case, percent escapes or
 * separators (`api_key`, `X-API-Key`, `apiKey`, `access_token`, `client_secret`, `password`…):
 * any name ending in one of these.
 */
const SECRET_PARAM =
  /(key|token|secret|password|passwd|pwd|pass|auth|authorization|signature|sig|credentials?)$/;

function isSecretParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // a malformed escape: judged as written
  }
  return SECRET_PARAM.test(decoded.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/** `name=value` after `?`, `&`, `;` or `#`, wherever it is in a line (a URL inside a body too). */
const URL_PARAM = /([?&;#])([^=&;#?\s"'<>\\]+)=([^&;#\s"'<>\\]*)/g;

/** The password of `scheme://user:password@host` (a proxy or cloud address). */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>]*):([^\s/?#@"'<>]+)@/gi;

/**
 * The line with the value of every URL parameter named like a secret masked, and the password of
 * every URL that carries one.
 */
export function maskUrlSecrets(line: string): string {
  return line
    .replace(URL_PARAM, (whole, separator: string, name: string, value: string) =>
      value && isSecretParam(name) ? `${separator}${name}=${MASK}` : whole,
    )
    .replace(URL_PASSWORD, `$1:${MASK}@`);
}

/** Prints a log line (`--return on`) with the secrets of its URLs masked, as the log file has it. */
export function printLine(line: string): void {
  console.log(maskUrlSecrets(line));
}

export interface CallLog {
  write(line: string): void;
  file: string;
}

/** Files of the log folder are the owner's only, whatever they were before. */
function ownerOnly(file: string, mode: number): void {
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, mode);
  } catch {
    // missing: created with the right mode
  }
}

export function callLog(dataDir: string): CallLog {
  const dir = path.join(dataDir, 'logs');
  const file = path.join(dir, 'local-api.log');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  ownerOnly(dir, 0o700);
  for (const name of fs.readdirSync(dir)) ownerOnly(path.join(dir, name), 0o600);
  let size = fs.existsSync(file) ? fs.statSync(file).size : 0;

  function rotate() {
    for (let i = LOG_FILES_KEPT - 1; i >= 1; i--) {
      const from = `${file}.${i}`;
      if (fs.existsSync(from)) fs.renameSync(from, `${file}.${i + 1}`);
    }
    if (fs.existsSync(file)) fs.renameSync(file, `${file}.1`);
    size = 0;
  }

  return {
    file,
    write(line: string) {
      const text = `${new Date().toISOString()} ${maskUrlSecrets(line)}\n`;
      if (size + text.length > LOG_FILE_MAX_BYTES) rotate();
      try {
        fs.appendFileSync(file, text, { mode: 0o600 });
        size += Buffer.byteLength(text);
      } catch {
        // A full disk or a removed folder must not break the calls.
      }
    },
  };
}
