/**
 * What the service tells about its calls: `--return on` prints each call and its answer on the
 * console; `--logs on` appends the same lines to <data>/logs/local-api.log, rotated at
 * LOG_FILE_MAX_BYTES with LOG_FILES_KEPT old files. Secrets (APP_KEY, proxy passwords, tokens) are
 * masked in both.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_FILES_KEPT = 3;

const SECRET_FIELDS = new Set(['APP_KEY', 'App_Key', 'Proxy_Password', 'token']);

/** JSON text of a body with its secrets masked. */
export function maskSecrets(value: unknown): string {
  return JSON.stringify(value ?? {}, (key, inner: unknown) =>
    SECRET_FIELDS.has(key) && typeof inner === 'string' && inner ? '***' : inner,
  );
}

export interface CallLog {
  write(line: string): void;
  file: string;
}

export function callLog(dataDir: string): CallLog {
  const dir = path.join(dataDir, 'logs');
  const file = path.join(dir, 'local-api.log');
  fs.mkdirSync(dir, { recursive: true });
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
      const text = `${new Date().toISOString()} ${line}\n`;
      if (size + text.length > LOG_FILE_MAX_BYTES) rotate();
      try {
        fs.appendFileSync(file, text);
        size += Buffer.byteLength(text);
      } catch {
        // A full disk or a removed folder must not break the calls.
      }
    },
  };
}
