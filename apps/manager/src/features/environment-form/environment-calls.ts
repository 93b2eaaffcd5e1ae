/**
 * The service calls of the form: read one environment's full settings as the form's values,
 * create, save an edit (proxy/update, adv_setting, update — only those with changes), check a
 * proxy without saving it. Each body is checked against the contract's schema first; a body that
 * fails is a FieldProblems (shown under the fields), never sent.
 */
import {
  createSessionBody,
  sessionAdvSettingBody,
  updateSessionBody,
  updateSessionProxyBody,
} from '@hainiao/contract';
import type { z } from 'zod';
import { call } from '../../shared/api.ts';
import { loadContainer, type Container } from '../../shared/container-calls.ts';
import type { UiLang } from '../../shared/lang.tsx';
import { callCheckingProxy } from '../../shared/proxy/proxy-failure.ts';
import { bodyProblems } from '../../shared/validate.ts';
import {
  fromContainer,
  proxyCheckBody,
  proxyCheckSchema,
  toCreateBody,
  toEditCalls,
  type FormValues,
} from './mapping.ts';

export class FieldProblems extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
  }
}

/** The body once its schema accepts it: what the schema takes in (its input type). */
function checked<S extends z.ZodType>(schema: S, body: object, lang: UiLang): z.input<S> {
  const problems = bodyProblems(schema, body, lang);
  if (problems.length) throw new FieldProblems(problems);
  return body as z.input<S>;
}

export async function loadEnvironment(
  id: string,
  lang: UiLang,
): Promise<{ container: Container; values: FormValues }> {
  const container = await loadContainer(id, lang);
  return { container, values: fromContainer(container) };
}

export async function createEnvironment(values: FormValues, lang: UiLang): Promise<string> {
  const body = checked(createSessionBody, toCreateBody(values), lang);
  const data = await callCheckingProxy<{ Session_Id: string }>('/api/v1/session/create', body);
  return data.Session_Id;
}

/**
 * Saves the changed fields; the proxy first (its check is the likeliest refusal, and nothing
 * else is written when it fails). Resolves to false when nothing changed.
 */
export async function saveEnvironment(
  id: string,
  before: FormValues,
  after: FormValues,
  lang: UiLang,
): Promise<boolean> {
  const calls = toEditCalls(id, before, after);
  const proxy = calls.proxy && checked(updateSessionProxyBody, calls.proxy, lang);
  const adv = calls.adv && checked(sessionAdvSettingBody, calls.adv, lang);
  const update = calls.update && checked(updateSessionBody, calls.update, lang);
  if (!proxy && !adv && !update) return false;
  if (proxy) await callCheckingProxy('/api/v1/session/proxy/update', proxy);
  if (adv) await call('/api/v1/session/adv_setting', adv);
  if (update) await call('/api/v1/session/update', update);
  return true;
}

/** Where a proxy exits, as the IP lookup through it answered ('' for what it did not say). */
export interface ProxyExit {
  ip: string;
  country: string;
  timezone: string;
}

/**
 * Checks the form's proxy without saving anything (the same real request through it that create
 * and proxy/update make with Is_CheckProxy 1): the exit, or a ProxyCheckFailure with curl's code.
 */
export async function checkProxy(
  values: FormValues,
  id: string | undefined,
  lang: UiLang,
): Promise<ProxyExit> {
  const body = checked(proxyCheckSchema, proxyCheckBody(values, id), lang);
  const data = await callCheckingProxy<{
    Public_ip: string;
    CountryCode: string;
    TimeZone: string;
  }>('/manager/proxy-check', body);
  return { ip: data.Public_ip, country: data.CountryCode, timezone: data.TimeZone };
}
