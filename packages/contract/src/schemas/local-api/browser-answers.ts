/** Answers (`data` on code 0) of /api/v1/browser/*: a status per environment. */
import { z } from 'zod';
import { answerCode, answerFlag, answerTime, notFoundItem, titled } from './answer-common.ts';

const size = z.strictObject({ width: z.int(), height: z.int() });

/** Where what sites see disagrees (appendix/fingerprint-agreement.ts). */
const disagreement = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('userAgentSystem'),
    userAgentSystem: z.string(),
    system: z.string(),
  }),
  z.strictObject({ kind: z.literal('windowLargerThanScreen'), window: size, screen: size }),
  z.strictObject({
    kind: z.literal('timezoneCountry'),
    timezone: z.string(),
    timezoneCountry: z.string(),
    exitCountry: z.string(),
  }),
]);

/** The process fields: always there, zero or empty when it does not run. */
const processFields = {
  Session_Actived: answerFlag,
  Session_ProcessID: z.int(),
  Session_StartTime: z.union([answerTime, z.literal('')]),
  Session_Args: z.array(z.string()),
  isHeadless: answerFlag,
  browser_CDP_Port: z.int(),
  browser_Path: z.string(),
  webdriver: z.string(),
};

/** The rest, only while it runs. */
const runningFields = {
  ...processFields,
  MBData_Path: z.string(),
  core: z.string(),
  Public_ip: z.string(),
  Internel_ip: z.string(),
  isDynamicIp: answerFlag,
  proxyType: z.string(),
  proxy_ip: z.string(),
  proxy_port: z.int(),
  StartPage: z.string(),
  Plugins_Count: z.int(),
  Plugin_Id: z.array(z.string()),
  Actived_script_id: z.string(),
  Actived_script_name: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  TimeZone: z.string(),
  LanguageCode: z.string(),
  User_Agent: z.string(),
  Fingerprint_PageOnly: z.array(z.string()),
  Fingerprint_Summary: z.strictObject({
    SystemOS: z.string(),
    User_Agent: z.string(),
    Screen: z.string(),
    Window: z.string(),
    TimeZone: z.string(),
    LanguageCode: z.string(),
    Public_ip: z.string(),
    CountryCode: z.string(),
    Warnings: z.array(disagreement),
  }),
};

/** POST /api/v1/browser/status: per environment, its status and what runs. */
export const browserStatusAnswer = titled(
  z.strictObject({
    listcontainer: z.array(
      z.union([
        z.strictObject({
          Session_ID: z.string(),
          Session_Name: z.string(),
          Group_Name: z.string(),
          status: answerCode,
          ...runningFields,
        }),
        z.strictObject({
          Session_ID: z.string(),
          Session_Name: z.string(),
          Group_Name: z.string(),
          status: answerCode,
          ...processFields,
        }),
        notFoundItem,
      ]),
    ),
    total: z.int(),
  }),
  'Per environment: its status (0, or a code of the start table) and its process',
  '每个环境：状态（0 或启动表中的代码）及其进程信息',
);

/** A start's outcome: the reason of a failure in `message`. */
const startHead = { Session_ID: z.string(), status: answerCode, message: z.string().optional() };

/** POST /api/v1/browser/start: per environment, its outcome and what runs. */
export const browserStartAnswer = titled(
  z.strictObject({
    listid: z.array(
      z.union([
        z.strictObject({ ...startHead, ...runningFields }),
        z.strictObject({ ...startHead, ...processFields }),
        z.strictObject(startHead),
      ]),
    ),
    total: z.int(),
  }),
  'Per environment: its outcome (0, or a code of the start table) and what runs',
  '每个环境：启动结果（0 或启动表中的代码）及运行信息',
);

const stopAnswer = z.strictObject({ listid: z.array(notFoundItem), total: z.int() });

/** POST /api/v1/browser/stop. */
export const browserStopAnswer = titled(
  stopAnswer,
  'Per environment: 0, or a code of the stop table',
  '每个环境：0 或关闭表中的代码',
);

/** POST /api/v1/browser/kill. */
export const browserKillAnswer = titled(
  stopAnswer,
  'Per environment: 0, or a code of the kill table',
  '每个环境：0 或强制关闭表中的代码',
);
