/**
 * Cookies of an environment: what import-cookie reads, export-cookie writes, create/update take in
 * their Cookie field, and the browser loads into the profile. The file formats (extension JSON,
 * Puppeteer/Playwright, Netscape cookies.txt) are the contract's (cookie-files.ts), which the
 * manager reads too; here each cookie is checked with tough-cookie (RFC 6265 names and values,
 * canonical domains, no cookie on a public suffix such as `.com`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { canonicalDomain } from 'tough-cookie';
import {
  COOKIES_MAX,
  CookieTextError,
  readCookieText,
  type CookieTextProblem,
} from '@hainiao/contract';
import {
  registrableDomain as registrable,
  type SameSite,
  type StoredCookie,
} from '../../model/cookie.ts';

/**
 * A cookie list that breaks a rule. `message` may quote the offending name or domain (what the
 * caller sent in a Cookie field); `rule` says only which rule failed, without any of the content,
 * and is what import-cookie answers about a file.
 */
export class CookieFormatError extends Error {
  constructor(
    message: string,
    readonly rule: string = message,
  ) {
    super(message);
  }
}

const SAME_SITE: Record<string, SameSite | undefined> = {
  no_restriction: 'None',
  none: 'None',
  lax: 'Lax',
  strict: 'Strict',
  unspecified: undefined,
};

function text(value: unknown, field: string, index: number): string {
  if (typeof value !== 'string') {
    throw new CookieFormatError(`cookie ${index + 1}: ${field} must be a string`);
  }
  return value;
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === 'TRUE';
}

/** Checks one cookie and returns it in the stored shape. */
function normalise(
  input: {
    name: string;
    value: string;
    domain: string;
    hostOnly: boolean;
    path?: string;
    expires?: number;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: string;
  },
  index: number,
): StoredCookie {
  const where = `cookie ${index + 1}`;
  const bare = input.domain.trim().replace(/^\./, '');
  const domain = canonicalDomain(bare);
  if (!domain || !/^[a-z0-9.-]+$|^\[?[0-9a-f:.]+\]?$/.test(domain) || domain.includes('..')) {
    throw new CookieFormatError(
      `${where}: invalid domain "${input.domain}"`,
      `${where}: invalid domain`,
    );
  }
  const isIp = /^[\d.]+$|:/.test(domain);
  if (!isIp && domain !== 'localhost' && !registrable(domain)) {
    throw new CookieFormatError(
      `${where}: "${input.domain}" is a public suffix`,
      `${where}: the domain is a public suffix`,
    );
  }
  const path = input.path?.trim() || '/';
  if (!path.startsWith('/')) throw new CookieFormatError(`${where}: path must start with /`);
  // eslint-disable-next-line no-control-regex -- RFC 6265 token: no controls, spaces, separators
  if (!input.name || /[\x00-\x20\x7f()<>@,;:\\"/[\]?={}]/.test(input.name)) {
    throw new CookieFormatError(`${where}: invalid name "${input.name}"`, `${where}: invalid name`);
  }
  // What Chrome accepts in a value: anything but control characters and ';'.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\x00-\x08\x0a-\x1f\x7f;]/.test(input.value) || input.value.length > 4096) {
    throw new CookieFormatError(
      `${where} (${input.name}): invalid value`,
      `${where}: invalid value`,
    );
  }
  const expires =
    input.expires === undefined || !Number.isFinite(input.expires) || input.expires <= 0
      ? -1
      : Math.floor(input.expires);
  const sameSite = input.sameSite ? SAME_SITE[input.sameSite.toLowerCase()] : undefined;
  if (input.sameSite && !(input.sameSite.toLowerCase() in SAME_SITE)) {
    throw new CookieFormatError(
      `${where} (${input.name}): invalid sameSite "${input.sameSite}"`,
      `${where}: invalid sameSite`,
    );
  }
  return {
    name: input.name,
    value: input.value,
    domain: input.hostOnly || isIp ? domain : `.${domain}`,
    path,
    expires,
    httpOnly: input.httpOnly ?? false,
    secure: input.secure ?? false,
    ...(sameSite ? { sameSite } : {}),
  };
}

/** A JSON cookie list (extension export, Puppeteer/Playwright, or what the store holds). */
export function parseCookieArray(items: unknown): StoredCookie[] {
  if (!Array.isArray(items)) throw new CookieFormatError('expected a JSON array of cookies');
  if (items.length > COOKIES_MAX) throw new CookieFormatError(`more than ${COOKIES_MAX} cookies`);
  return items.map((item, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw new CookieFormatError(`cookie ${index + 1}: expected an object`);
    }
    const c = item as Record<string, unknown>;
    const domain = text(c.domain ?? c.host, 'domain', index);
    const expires = c.expirationDate ?? c.expires ?? c.expiry;
    if (expires !== undefined && typeof expires !== 'number') {
      throw new CookieFormatError(`cookie ${index + 1}: expires must be a number`);
    }
    return normalise(
      {
        name: text(c.name, 'name', index),
        value: text(c.value ?? '', 'value', index),
        domain,
        // Extensions say hostOnly; other shapes use the leading dot.
        hostOnly: c.hostOnly === undefined ? !domain.startsWith('.') : bool(c.hostOnly),
        path: c.path === undefined ? undefined : text(c.path, 'path', index),
        expires: bool(c.session) ? undefined : (expires as number | undefined),
        httpOnly: bool(c.httpOnly),
        secure: bool(c.secure),
        sameSite: c.sameSite === undefined || c.sameSite === null ? undefined : String(c.sameSite),
      },
      index,
    );
  });
}

/** What the service says of a text that is not a cookie list (the import-cookie rules). */
function problemText(problem: CookieTextProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'the file is empty';
    case 'json':
      return 'not valid JSON';
    case 'notArray':
      return 'expected a JSON array of cookies';
    case 'tooMany':
      return `more than ${COOKIES_MAX} cookies`;
    case 'fields':
      return `line ${problem.line}: expected 7 tab-separated fields`;
    case 'flags':
      return `line ${problem.line}: flags must be TRUE or FALSE`;
    case 'expiry':
      return `line ${problem.line}: expiry must be a number`;
    case 'none':
      return 'no cookies in the file';
  }
}

/** A cookie file's content in either format; an empty or unrecognised file is invalid. */
export function parseCookieFile(content: string): StoredCookie[] {
  let items: unknown[];
  try {
    items = readCookieText(content);
  } catch (error) {
    if (error instanceof CookieTextError) throw new CookieFormatError(problemText(error.problem));
    throw error;
  }
  return parseCookieArray(items);
}

/** The Cookie field of create/update: a JSON array of cookie objects, or that array as text. */
export function parseCookieField(value: string | readonly unknown[]): StoredCookie[] {
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    return parseCookieFile(value);
  }
  return parseCookieArray(value);
}

/** A cookie's identity in a jar: its domain, path and name (a leading dot tells host-only apart). */
export const cookieKey = (c: StoredCookie) => `${c.domain}\t${c.path}\t${c.name}`;

const live = (c: StoredCookie, now: number) => c.expires === -1 || c.expires > now;

/** `incoming` over `existing`: the same domain, path and name is replaced. Expired ones are dropped. */
export function mergeCookies(
  existing: readonly StoredCookie[],
  incoming: readonly StoredCookie[],
  now = Date.now() / 1000,
): StoredCookie[] {
  const merged = new Map(existing.map((c) => [cookieKey(c), c]));
  for (const cookie of incoming) merged.set(cookieKey(cookie), cookie);
  return [...merged.values()].filter((c) => live(c, now));
}

/** Two readings of one cookie say the same (value, expiry and flags). */
export function sameCookie(a: StoredCookie | undefined, b: StoredCookie | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.value === b.value &&
    a.expires === b.expires &&
    a.httpOnly === b.httpOnly &&
    a.secure === b.secure &&
    (a.sameSite ?? '') === (b.sameSite ?? '')
  );
}

/** What turns the list `before` into `after`: cookies to set (new or changed) and to remove. */
export interface CookieChange {
  set: StoredCookie[];
  removed: StoredCookie[];
}

export function cookieChange(
  before: readonly StoredCookie[],
  after: readonly StoredCookie[],
): CookieChange {
  const old = new Map(before.map((c) => [cookieKey(c), c]));
  const next = new Map(after.map((c) => [cookieKey(c), c]));
  return {
    set: [...next].filter(([k, c]) => !sameCookie(old.get(k), c)).map(([, c]) => c),
    removed: [...old].filter(([k]) => !next.has(k)).map(([, c]) => c),
  };
}

/** `change` applied to `cookies` (expired ones dropped). */
export function applyCookieChange(
  cookies: readonly StoredCookie[],
  change: CookieChange,
  now = Date.now() / 1000,
): StoredCookie[] {
  const removed = new Set(change.removed.map(cookieKey));
  return mergeCookies(
    cookies.filter((c) => !removed.has(cookieKey(c))),
    change.set,
    now,
  );
}

/**
 * The store after a run (a stop with saveCookiesOnExit 1), per cookie: the browser's jar at the
 * stop (`jar`) where the browser changed the cookie since the last moment the browser and the
 * store agreed on it (`base`: the jar at start, moved on by every store pushed into the running
 * browser), else the store's own (`stored`).
 *
 * "Newer" without clocks: every store made through the API while the browser runs is pushed into
 * it and moves `base` on, so a jar that differs from `base` was changed by a site after that
 * store, and wins; a cookie the browser left as it was loses to the store, which may have changed
 * it since without the browser (a cookie deleted while stopped but kept by the profile, a sync).
 * Sites' deletions and expiries count as changes too.
 */
export function mergeRun(
  stored: readonly StoredCookie[],
  base: ReadonlyMap<string, StoredCookie>,
  jar: readonly StoredCookie[],
  now = Date.now() / 1000,
): StoredCookie[] {
  const inJar = new Map(jar.map((c) => [cookieKey(c), c]));
  const changed = (k: string) => !sameCookie(base.get(k), inJar.get(k));
  const merged = new Map<string, StoredCookie>();
  for (const cookie of stored) {
    const k = cookieKey(cookie);
    const value = changed(k) ? inJar.get(k) : cookie;
    if (value) merged.set(k, value);
  }
  for (const [k, cookie] of inJar) if (!merged.has(k) && changed(k)) merged.set(k, cookie);
  return [...merged.values()].filter((c) => live(c, now));
}

// --- Cookie files on disk: import-cookie and export-cookie reach only the cookie folder ---------

/** Why a cookie file was refused; the route answers each with a message naming the rule. */
export type CookieFileRule =
  /** The path (symbolic links resolved) leads out of the cookie folder. */
  | 'outside'
  /** Export: a name in the path starts with a dot (.bashrc, .config/…). */
  | 'hidden'
  /** Export: the name does not end in .json or .txt. */
  | 'extension'
  /** Export: the file is a symbolic link (never written through). */
  | 'symlink'
  /** Export: the file exists and this service did not write it. */
  | 'exists'
  /** The path is a folder, a device, a FIFO… */
  | 'notFile'
  /** Import: larger than the limit. */
  | 'tooLarge'
  /** Import: missing or not readable. */
  | 'unreadable'
  /** Export: its folder is missing or not writable. */
  | 'unwritable'
  /** Export: the disk of the folder is full. */
  | 'noSpace'
  /** Export: the folder is on a read-only disk. */
  | 'readOnly';

export class CookieFileRefusal extends Error {
  constructor(readonly rule: CookieFileRule) {
    super(`cookie file refused: ${rule}`);
  }
}

/** The names export-cookie writes: the JSON array, or cookies.txt when the name ends in .txt. */
const EXPORT_EXTENSIONS = new Set(['.json', '.txt']);
/** How many written files the record remembers (the oldest are forgotten). */
const RECORD_MAX = 1000;

/** Flags that exist on Linux and macOS (undefined on Windows, where they are not needed). */
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

/** `target` is strictly inside `dir` (both absolute, normalised). */
function isInside(dir: string, target: string): boolean {
  const rel = relative(dir, target);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

const within = (dir: string, target: string) => target === dir || isInside(dir, target);

/** Why a write failed, as a refusal: a full disk and a read-only one are told apart. */
function writeRefusal(error: unknown): CookieFileRefusal {
  if (error instanceof CookieFileRefusal) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new CookieFileRefusal('noSpace');
  if (code === 'EROFS') return new CookieFileRefusal('readOnly');
  return new CookieFileRefusal('unwritable');
}

/** Errors of `link` on a file system without hard links (FAT, some network drives). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** A relative path with a name starting with a dot (.bashrc, .config/autostart/…). */
const hasHiddenPart = (rel: string) => rel.split(sep).some((part) => part.startsWith('.'));

interface Identity {
  path: string;
  dev: string;
  ino: string;
  size: string;
  mtimeNs: string;
}

const identityOf = (file: string, stat: fs.BigIntStats): Identity => ({
  path: file,
  dev: String(stat.dev),
  ino: String(stat.ino),
  size: String(stat.size),
  mtimeNs: String(stat.mtimeNs),
});

const sameIdentity = (a: Identity, b: Identity) =>
  a.path === b.path &&
  a.dev === b.dev &&
  a.ino === b.ino &&
  a.size === b.size &&
  a.mtimeNs === b.mtimeNs;

/**
 * The cookie folder: `dir` as configured (created 0700 when missing) and its real path. Every
 * path import-cookie and export-cookie take is resolved against it (a relative name is a file in
 * it) and must stay in it once symbolic links are resolved.
 *
 * export-cookie writes a temporary file (O_EXCL, O_NOFOLLOW, mode 0600) and then puts it in
 * place, so no partial export ever shows under the name. It never overwrites a file it did not
 * write: a new file is linked in only while the name is free; an existing one is replaced (a
 * rename) only when `recordFile` lists it with the same device, inode, size and modification time, i.e.
 * nobody changed or replaced it since this service wrote it.
 */
export function cookieFiles(options: { dir: string; recordFile: string }) {
  const shown = resolve(options.dir);
  if (!fs.existsSync(shown)) fs.mkdirSync(shown, { recursive: true, mode: 0o700 });
  const real = fs.realpathSync(shown);
  if (!fs.statSync(real).isDirectory())
    throw new Error(`the cookie folder ${shown} is not a folder`);
  let queue: Promise<unknown> = Promise.resolve();

  /** The path a caller names, checked by its spelling first (no file system access). */
  function lexical(input: string): { target: string; base: string } {
    const target = resolve(shown, input);
    if (isInside(shown, target)) return { target, base: shown };
    if (isInside(real, target)) return { target, base: real };
    throw new CookieFileRefusal('outside');
  }

  function readRecord(): Identity[] {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(options.recordFile, 'utf8'));
      return Array.isArray(parsed) ? (parsed as Identity[]) : [];
    } catch {
      return [];
    }
  }

  async function remember(file: string): Promise<void> {
    const stat = await fs.promises.lstat(file, { bigint: true });
    const kept = readRecord().filter((entry) => entry.path !== file);
    kept.push(identityOf(file, stat));
    const temporary = `${options.recordFile}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.promises.writeFile(temporary, JSON.stringify(kept.slice(-RECORD_MAX)), {
        mode: 0o600,
        flag: 'wx',
      });
      await fs.promises.rename(temporary, options.recordFile);
    } catch {
      // The export itself succeeded; without the record the file is only not overwritten later.
      await fs.promises.rm(temporary, { force: true });
    }
  }

  /** Creates `file` exclusively (never through a link) and writes `content`; 0600. */
  async function writeNew(file: string, content: string): Promise<void> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(
        file,
        fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | O_NOFOLLOW,
        0o600,
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new CookieFileRefusal('exists');
      if (code === 'ELOOP') throw new CookieFileRefusal('symlink');
      throw writeRefusal(error);
    }
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => {});
      await fs.promises.rm(file, { force: true });
      throw writeRefusal(error);
    }
  }

  /**
   * Puts a fully written temporary file in place under a new name, never over a file that appeared
   * meanwhile: a hard link fails when the name exists (then 'exists'). Where the file system has
   * no hard links, the content is written under the name directly, still exclusively.
   */
  async function placeNew(temporary: string, file: string, content: string): Promise<void> {
    try {
      await fs.promises.link(temporary, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') throw new CookieFileRefusal('exists');
      if (!NO_HARD_LINKS.has(code)) throw error;
      await writeNew(file, content);
    }
    await fs.promises.rm(temporary, { force: true });
  }

  async function exportTo(input: string, contentOf: (name: string) => string): Promise<string> {
    const { target, base } = lexical(input);
    if (hasHiddenPart(relative(base, target))) throw new CookieFileRefusal('hidden');
    const name = basename(target);
    if (!EXPORT_EXTENSIONS.has(extname(name).toLowerCase())) {
      throw new CookieFileRefusal('extension');
    }
    let folder: string;
    try {
      folder = await fs.promises.realpath(dirname(target));
    } catch {
      throw new CookieFileRefusal('unwritable');
    }
    if (!within(real, folder)) throw new CookieFileRefusal('outside');
    if (hasHiddenPart(relative(real, folder))) throw new CookieFileRefusal('hidden');
    const file = join(folder, name);
    const content = contentOf(name);
    let stat: fs.BigIntStats | undefined;
    try {
      stat = await fs.promises.lstat(file, { bigint: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new CookieFileRefusal('unwritable');
      }
    }
    if (stat) {
      if (stat.isSymbolicLink()) throw new CookieFileRefusal('symlink');
      if (!stat.isFile()) throw new CookieFileRefusal('notFile');
      const current = identityOf(file, stat);
      if (!readRecord().some((entry) => sameIdentity(entry, current))) {
        throw new CookieFileRefusal('exists');
      }
    }
    // Written whole under a temporary name first, then put in place: a full disk or a crash midway
    // never leaves a partial export, and an existing export (written by this service and unchanged
    // since) is replaced whole, never written through.
    const temporary = join(folder, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await writeNew(temporary, content);
      if (stat) await fs.promises.rename(temporary, file);
      else await placeNew(temporary, file, content);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw writeRefusal(error);
    }
    await remember(file);
    return file;
  }

  return {
    /** The cookie folder as configured. */
    dir: shown,
    /** Its real path (what refusals name). */
    realDir: real,

    /** The text of a cookie file in the folder; refusals are CookieFileRefusal. */
    async read(input: string, maxBytes: number): Promise<string> {
      const { target } = lexical(input);
      let file: string;
      try {
        file = await fs.promises.realpath(target);
      } catch {
        throw new CookieFileRefusal('unreadable');
      }
      if (!isInside(real, file)) throw new CookieFileRefusal('outside');
      let handle: fs.promises.FileHandle;
      try {
        // O_NONBLOCK: a FIFO does not hang the call (it is refused below).
        handle = await fs.promises.open(file, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
      } catch (error) {
        throw new CookieFileRefusal(
          (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'outside' : 'unreadable',
        );
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new CookieFileRefusal('notFile');
        if (stat.size > maxBytes) throw new CookieFileRefusal('tooLarge');
        const buffer = await handle.readFile();
        if (buffer.length > maxBytes) throw new CookieFileRefusal('tooLarge');
        return buffer.toString('utf8');
      } catch (error) {
        throw error instanceof CookieFileRefusal ? error : new CookieFileRefusal('unreadable');
      } finally {
        await handle.close();
      }
    },

    /**
     * Writes an export into the folder (one export at a time): `contentOf` gets the file name.
     * Answers the real path written.
     */
    write(input: string, contentOf: (name: string) => string): Promise<string> {
      const run = queue.then(() => exportTo(input, contentOf));
      queue = run.catch(() => {});
      return run;
    },
  };
}
export type CookieFiles = ReturnType<typeof cookieFiles>;
