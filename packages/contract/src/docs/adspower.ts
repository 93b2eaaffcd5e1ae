/**
 * What each AdsPower-compatible call does here (issue 18 part 1; docs/adspower-compat.md), for the
 * documentation page /api/doc/adspower. The calls, methods and parameters are
 * ADSPOWER_COMPAT_ROUTES'; the type below makes a call without a description fail to compile.
 */
import type { Localized } from '../i18n.ts';
import type { ADSPOWER_COMPAT_ROUTES } from '../schemas/local-api/compat.ts';

type Route = (typeof ADSPOWER_COMPAT_ROUTES)[number];
/** `GET /api/v1/browser/start`: a call's method and path (a path may have two methods). */
export type AdsPowerCallKey = Route extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

export function adsPowerCallKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

export const ADSPOWER_DOC_CALLS: Record<AdsPowerCallKey, Localized> = {
  'GET /status': {
    en: 'Whether the service is up: {code: 0, msg: "success"}, without a login.',
    zh: '检查服务是否在运行：返回 {code: 0, msg: "success"}，无需登录。',
  },
  'GET /api/v1/browser/start': {
    en: 'Starts the environment (or finds it running) and answers ws.selenium, ws.puppeteer, debug_port (as text) and webdriver.',
    zh: '启动环境（已在运行则直接返回），返回 ws.selenium、ws.puppeteer、debug_port（字符串）和 webdriver。',
  },
  'GET /api/v1/browser/stop': {
    en: 'Stops the environment (a headless one is ended, as AdsPower’s stop closes any browser). One already stopped answers success.',
    zh: '关闭环境（无头模式的会被强制结束，与 AdsPower 关闭任何浏览器的行为一致）。已关闭的环境也返回成功。',
  },
  'GET /api/v1/browser/active': {
    en: 'status Active or Inactive, with ws (empty when inactive).',
    zh: '返回 status（Active 或 Inactive）及 ws（未运行时为空）。',
  },
  'GET /api/v1/browser/local-active': {
    en: 'The account’s running environments with their endpoints.',
    zh: '当前账号正在运行的环境及其连接地址。',
  },
  'GET /api/v1/user/list': {
    en: 'Environments by group or ID, in creation order; page_size 1 by default (as AdsPower), at most 100.',
    zh: '按分组或 ID 列出环境，按创建时间排序；page_size 默认为 1（与 AdsPower 相同），最大 100。',
  },
  'POST /api/v1/user/create': {
    en: 'Creates an environment with the checks of /api/v1/session/create and its rate limit; answers data.id.',
    zh: '按 /api/v1/session/create 的校验规则和频率限制创建环境；返回 data.id。',
  },
  'POST /api/v1/user/update': {
    en: 'Changes the fields sent, with the same checks.',
    zh: '修改请求中给出的字段，校验规则相同。',
  },
  'POST /api/v1/user/delete': {
    en: 'Deletes 1 to 100 environments, all or none: an open or unknown one fails the call.',
    zh: '删除 1 到 100 个环境，要么全部删除，要么都不删除：其中有正在运行或不存在的环境时整个调用失败。',
  },
  'GET /api/v1/group/list': {
    en: 'The groups: group_id is "0" for default (AdsPower’s “Ungrouped”), else 9 digits derived from the name.',
    zh: '列出分组：default 分组（即 AdsPower 的“未分组”）的 group_id 为 "0"，其他分组为由名称生成的 9 位数字。',
  },
  'POST /api/v1/group/create': {
    en: 'Creates a group. The path is also ours: a body with group_name is AdsPower’s call, Group_Name ours.',
    zh: '创建分组。此路径同时也是本服务自己的接口：请求体含 group_name 时按 AdsPower 处理，含 Group_Name 时按本服务处理。',
  },
  'POST /api/v2/browser-profile/start': {
    en: 'As GET /api/v1/browser/start, with AdsPower’s v2 field names (profile_id…).',
    zh: '与 GET /api/v1/browser/start 相同，使用 AdsPower v2 的字段名（profile_id 等）。',
  },
  'POST /api/v2/browser-profile/stop': {
    en: 'As GET /api/v1/browser/stop.',
    zh: '与 GET /api/v1/browser/stop 相同。',
  },
  'GET /api/v2/browser-profile/active': {
    en: 'As GET /api/v1/browser/active, plus debug_port and webdriver (empty when inactive).',
    zh: '与 GET /api/v1/browser/active 相同，另外返回 debug_port 和 webdriver（未运行时为空）。',
  },
  'POST /api/v2/browser-profile/active': {
    en: 'The same, with the parameters in a JSON body.',
    zh: '同上，参数放在 JSON 请求体中。',
  },
  'POST /api/v2/browser-profile/list': {
    en: 'Environments by group or IDs, in creation order (sort_type last_open_time is refused); limit 50 by default, at most 200.',
    zh: '按分组或 ID 列出环境，按创建时间排序（不支持 sort_type 为 last_open_time）；limit 默认为 50，最大 200。',
  },
};
