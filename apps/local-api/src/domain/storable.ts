/**
 * What an environment may store is what the cloud accepts at envpush and a pull accepts before it
 * applies a copy: the contract's snapshot schema (shape, enums, lengths, http(s) start pages). One
 * schema for every door, so that a create or an update never stores a value its own sync would
 * refuse (such a copy would never leave this machine). A refused field answers the code its
 * create/update field answers.
 */
import { envSnapshot, localApiMessages } from '@hainiao/contract';
import type { StoredCookie } from '../model/cookie.ts';
import type { EnvironmentRecord, StartPage } from '../model/environment.ts';
import { DomainError, InvalidRequestError, type CodeName } from '../model/errors.ts';

const ENV = envSnapshot.shape.env;
const SETTINGS = envSnapshot.shape.settings;
const START_PAGES = envSnapshot.shape.startPages;
const COOKIES = envSnapshot.shape.usage.shape.cookies;

/** The code of a refused field (our names); any other is a malformed request (-10000, HTTP 400). */
const CODES: Readonly<Record<string, CodeName>> = {
  name: 'NAME_TOO_LONG',
  description: 'DESC_TOO_LONG',
  group: 'GROUP_NOT_FOUND',
  system: 'OS_INVALID',
  mobileModel: 'OS_INVALID',
  userAgent: 'USER_AGENT_INVALID',
  resolution: 'RESOLUTION_INVALID',
  proxyType: 'PROXY_INVALID',
  proxyIp: 'PROXY_INVALID',
  proxyPort: 'PROXY_INVALID',
  proxyUsername: 'PROXY_INVALID',
  proxyPassword: 'PROXY_INVALID',
  checkProxy: 'PROXY_INVALID',
  staticIpType: 'PROXY_INVALID',
  staticPublicIp: 'PROXY_INVALID',
  staticPrivateIp: 'PROXY_INVALID',
  timezone: 'TIMEZONE_INIT_FAILED',
  countryCode: 'TIMEZONE_INIT_FAILED',
  cityCode: 'TIMEZONE_INIT_FAILED',
  regionCode: 'TIMEZONE_INIT_FAILED',
  languageCode: 'LANGUAGE_INVALID',
  fingerprintSetting: 'FINGERPRINT_SETTING_INVALID',
  cookies: 'COOKIE_FILE_INVALID',
};

type Checked = { success: true } | { success: false; error: { issues: { path: PropertyKey[] }[] } };

/** The refused fields of one part: the top-level key of each issue, else the part's own name. */
const fieldsOf = (result: Checked, part: string, nested: boolean): string[] =>
  result.success
    ? []
    : result.error.issues.map((issue) => (nested ? String(issue.path[0] ?? part) : part));

/** Every field of `record` (and of the pages and cookies it is given) the schema refuses. */
function refusedFields(
  record: EnvironmentRecord,
  extra: { startPages?: readonly StartPage[]; cookies?: readonly StoredCookie[] },
): string[] {
  const env = {
    name: record.name,
    description: record.description,
    group: record.group,
    system: record.system,
    userAgent: record.userAgent,
    proxyType: record.proxyType,
    proxyIp: record.proxyIp,
    createdAt: record.createdAt,
  };
  return [
    ...fieldsOf(ENV.safeParse(env), 'env', true),
    ...fieldsOf(SETTINGS.safeParse(record.settings), 'settings', true),
    ...(extra.startPages
      ? fieldsOf(START_PAGES.safeParse(extra.startPages), 'startPages', false)
      : []),
    ...(extra.cookies ? fieldsOf(COOKIES.safeParse(extra.cookies), 'cookies', false) : []),
  ];
}

/**
 * Refuses `record` (with the start pages and cookies a call sets) when the snapshot schema would.
 * For an update, `before` is the environment as it was: a field it already held that the schema
 * refuses (stored before a limit existed) does not stop a change of another field.
 */
export function assertStorable(
  record: EnvironmentRecord,
  extra: { startPages?: readonly StartPage[]; cookies?: readonly StoredCookie[] },
  before?: EnvironmentRecord,
): void {
  const known = new Set(before ? refusedFields(before, {}) : []);
  const field = refusedFields(record, extra).find((name) => !known.has(name));
  if (field === undefined) return;
  const code = CODES[field];
  throw code
    ? new DomainError(code)
    : new InvalidRequestError(localApiMessages.invalidParameter, { field });
}
