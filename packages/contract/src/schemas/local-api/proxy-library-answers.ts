/** Answers (`data` on code 0) of the proxy library, /manager/proxies/* (issue 27). */
import { z } from 'zod';
import { PROXY_TYPES } from '../../appendix/proxy-types.ts';
import { answerTime, titled } from './answer-common.ts';

/** A saved proxy as the calls answer it (the password masked but in get's answer). */
const savedProxyFields = {
  Proxy_ID: z.string(),
  Name: z.string(),
  Proxy_Type: z.enum(PROXY_TYPES),
  Proxy_Ip: z.string(),
  Proxy_Port: z.int(),
  Proxy_Username: z.string(),
  Proxy_Password: z.string(),
  Note: z.string(),
  /** How many of the account's environments use it. */
  Session_Count: z.int(),
  Create_Time: answerTime,
  Update_Time: answerTime,
  Check_Status: z.enum(['ok', 'failed', 'unchecked']),
  Check_Time: z.union([answerTime, z.literal('')]),
  Public_ip: z.string(),
  CountryCode: z.string(),
  Latency_ms: z.number(),
  /** libcurl's code of a failed check, else 0. */
  Proxy_Check_Code: z.int(),
  Proxy_Check_Name: z.string(),
  Check_Message: z.string(),
};
export const savedProxyAnswer = z.strictObject(savedProxyFields);

const proxies = z.strictObject({ Proxies: z.array(savedProxyAnswer) });

/** POST /manager/proxies/list. */
export const proxyLibraryListAnswer = titled(proxies, 'The saved proxies', '已保存的代理');

/** POST /manager/proxies/get: one, with its password. */
export const proxyLibraryGetAnswer = titled(
  savedProxyAnswer,
  'The saved proxy, with its password',
  '已保存的代理（含密码）',
);

/** POST /manager/proxies/create. */
export const proxyLibraryCreateAnswer = titled(proxies, 'The proxies saved', '新保存的代理');

/** POST /manager/proxies/update: the proxy, and the environments that follow it. */
export const proxyLibraryUpdateAnswer = titled(
  z.strictObject({ ...savedProxyFields, Session_ID: z.array(z.string()) }),
  'The proxy after the change, and the environments that use it',
  '修改后的代理，以及使用它的环境',
);

/** POST /manager/proxies/delete. */
export const proxyLibraryDeleteAnswer = titled(
  z.strictObject({ Proxy_ID: z.array(z.string()) }),
  'The proxies deleted',
  '已删除的代理',
);

/** POST /manager/proxies/check: the proxies with their new check. */
export const proxyLibraryCheckAnswer = titled(
  proxies,
  'The proxies with their new check',
  '附最新检测结果的代理',
);

/** POST /manager/proxies/exits: each environment's proxy and its last exit. */
export const proxyLibraryExitsAnswer = titled(
  z.strictObject({
    Session_Exits: z.array(
      z.strictObject({
        Session_ID: z.string(),
        Proxy_ID: z.string(),
        Proxy_Name: z.string(),
        Public_ip: z.string(),
        CountryCode: z.string(),
        Exit_Time: z.union([answerTime, z.literal('')]),
        Exit_From: z.enum(['check', 'start', '']),
      }),
    ),
  }),
  'Each environment’s saved proxy and its last exit IP',
  '每个环境使用的已保存代理及其最近的出口 IP',
);
