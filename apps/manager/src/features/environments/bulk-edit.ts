/**
 * The calls of a bulk edit: the settings ticked "Change", the same on every environment, split by
 * the call each belongs to (update, adv_setting, proxy/update), and their problems against the
 * contract's schemas, found before anything is sent. Pure: no React, no network.
 */
import {
  sessionAdvSettingBody,
  startPageUrl,
  updateSessionBody,
  updateSessionProxyBody,
  type LocalApiPath,
} from '@hainiao/contract';
import type { z } from 'zod';
import { fill } from '../../shared/format.ts';
import type { UiLang } from '../../shared/lang.tsx';
import { budgetOf } from '../../shared/batch-run/pacer.ts';
import type { AdvInput, ProxyInput, UpdateInput } from '../../shared/session-bodies.ts';
import { issueMessage } from '../../shared/validate.ts';
import { bulkEditCopy } from './bulk-edit-locales.ts';

/** What the dialog holds for each setting, ticked or not. */
export interface BulkValues {
  group: string;
  /** One address per line. */
  startPages: string;
  blockImages: boolean;
  blockVideo: boolean;
  resolution: string;
  language: string;
  timezone: string;
  /** A new random user agent for each environment, of its own system. */
  userAgent: boolean;
}

export type BulkField = keyof BulkValues;

/** The settings to change: a field present is ticked "Change", an absent one is left alone. */
export type BulkChoices = Partial<BulkValues>;

export const UPDATE: LocalApiPath = '/api/v1/session/update';
export const ADV_SETTING: LocalApiPath = '/api/v1/session/adv_setting';
export const PROXY_UPDATE: LocalApiPath = '/api/v1/session/proxy/update';
export const CONTAINER: LocalApiPath = '/api/v1/session/id_container';
export const RANDOM_USER_AGENT: LocalApiPath = '/api/v1/session/random-user-agent';

export const emptyBulkValues = (): BulkValues => ({
  group: '',
  startPages: '',
  blockImages: false,
  blockVideo: false,
  resolution: '',
  language: '',
  timezone: '',
  userAgent: true,
});

/** The ticked settings' values. */
export function chosen(values: BulkValues, change: ReadonlySet<BulkField>): BulkChoices {
  return Object.fromEntries(
    Object.entries(values).filter(([field]) => change.has(field as BulkField)),
  ) as BulkChoices;
}

/** The start pages typed, one a line (trimmed, blank lines dropped), with their line number. */
export function startPageLines(text: string): { line: number; url: string }[] {
  return text
    .split(/\r?\n/)
    .map((url, index) => ({ line: index + 1, url: url.trim() }))
    .filter((entry) => entry.url !== '');
}

export interface BulkCalls {
  update?: UpdateInput;
  adv?: AdvInput;
  proxy?: ProxyInput;
}

const bit = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** Drops the undefined members: a body names only what it changes. */
function defined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The calls of environment `id`, each with only the ticked settings (a call with none is absent).
 * `userAgent` is the one generated for it when a new one is ticked. The locale goes alone through
 * proxy/update: without proxy fields the service keeps the proxy as it is and does not check it.
 */
export function bulkCalls(id: string, choices: BulkChoices, userAgent?: string): BulkCalls {
  const calls: BulkCalls = {};
  const update = defined({
    Session_Group: choices.group?.trim(),
    // Ticked and empty: [] removes every start page.
    HomePage_url:
      choices.startPages === undefined
        ? undefined
        : startPageLines(choices.startPages).map((entry) => entry.url),
    Disable_img: choices.blockImages === undefined ? undefined : bit(choices.blockImages),
    Disable_video: choices.blockVideo === undefined ? undefined : bit(choices.blockVideo),
  });
  if (Object.keys(update).length) calls.update = { Session_ID: id, ...update };
  const adv = defined({
    resolution: choices.resolution,
    User_Agent: choices.userAgent ? userAgent : undefined,
  });
  if (Object.keys(adv).length) calls.adv = { Session_ID: id, ...adv };
  const proxy = defined({ LanguageCode: choices.language, TimeZone: choices.timezone });
  if (Object.keys(proxy).length) calls.proxy = { Session_ID: id, ...proxy };
  return calls;
}

/** The calls one environment makes, in their order. */
export function bulkPaths(choices: BulkChoices): LocalApiPath[] {
  const calls = bulkCalls('-', choices, 'ua');
  const paths: LocalApiPath[] = [
    ...(calls.update ? [UPDATE] : []),
    ...(choices.userAgent ? [CONTAINER, RANDOM_USER_AGENT] : []),
    ...(calls.adv ? [ADV_SETTING] : []),
    ...(calls.proxy ? [PROXY_UPDATE] : []),
  ];
  return paths;
}

/**
 * Environments a minute: each makes one call of each of its paths, so the smallest budget of
 * them (undefined when none is limited).
 */
export function bulkBudget(choices: BulkChoices): number | undefined {
  const budgets = bulkPaths(choices)
    .map(budgetOf)
    .filter((budget): budget is number => budget !== undefined);
  return budgets.length ? Math.min(...budgets) : undefined;
}

const FIELD_OF: Readonly<Record<string, BulkField>> = {
  Session_Group: 'group',
  HomePage_url: 'startPages',
  Disable_img: 'blockImages',
  Disable_video: 'blockVideo',
  resolution: 'resolution',
  User_Agent: 'userAgent',
  LanguageCode: 'language',
  TimeZone: 'timezone',
};

/** Problems by setting; `other` for a field of no setting (the id). */
export type BulkProblems = Partial<Record<BulkField | 'other', string[]>>;

function schemaProblems(schema: z.ZodType, body: object | undefined, lang: UiLang) {
  if (!body) return [];
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({
        field: FIELD_OF[String(issue.path[0] ?? '')] ?? ('other' as const),
        message: issueMessage(issue, lang),
      }));
}

/** The problems of `calls` against the contract's schema of each call. */
export function callProblems(calls: BulkCalls, lang: UiLang): BulkProblems {
  const problems: BulkProblems = {};
  for (const { field, message } of [
    ...schemaProblems(updateSessionBody, calls.update, lang),
    ...schemaProblems(sessionAdvSettingBody, calls.adv, lang),
    ...schemaProblems(updateSessionProxyBody, calls.proxy, lang),
  ]) {
    problems[field] = [...(problems[field] ?? []), message];
  }
  return problems;
}

/**
 * What stops the ticked settings from being sent to environment `id`: a choice left empty, a
 * start page that is no http(s) address (by its line), or any field the call's schema refuses.
 */
export function bulkProblems(id: string, choices: BulkChoices, lang: UiLang): BulkProblems {
  const t = bulkEditCopy[lang];
  const problems: BulkProblems = {};
  for (const field of ['group', 'resolution', 'language', 'timezone'] as const) {
    if (choices[field] !== undefined && choices[field].trim() === '') problems[field] = [t.choose];
  }
  if (choices.startPages !== undefined) {
    const lines = startPageLines(choices.startPages)
      .filter((entry) => !startPageUrl.safeParse(entry.url).success)
      .map((entry) => fill(t.pageLine, { line: entry.line, problem: t.notStartPage }));
    if (lines.length) problems.startPages = lines;
  }
  // The user agent is generated during the run, and checked then.
  const { userAgent: _userAgent, ...rest } = choices;
  for (const [field, messages] of Object.entries(callProblems(bulkCalls(id, rest), lang))) {
    const key = field as BulkField | 'other';
    problems[key] ??= messages;
  }
  return problems;
}

/** Whether `problems` names any. */
export const hasProblems = (problems: BulkProblems) =>
  Object.values(problems).some((messages) => messages.length > 0);

/**
 * The environments a bulk edit changes, by id and name (a row not shown names itself by its id),
 * and how many of `ids` are left out: those shared with the account keep their owner's settings.
 */
export function bulkTargets(
  ids: readonly string[],
  rows: ReadonlyMap<string, { Session_Name: string; Session_Recv: number }>,
): { targets: { id: string; name: string }[]; leftOut: number } {
  const own = ids.filter((id) => rows.get(id)?.Session_Recv !== 1);
  return {
    targets: own.map((id) => ({ id, name: rows.get(id)?.Session_Name || id })),
    leftOut: ids.length - own.length,
  };
}
