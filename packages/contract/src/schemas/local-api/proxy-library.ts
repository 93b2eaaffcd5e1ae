/**
 * Request bodies of the proxy library (beyond the spec, issue 27): proxies saved by name per
 * account on this machine, checked in bulk, which environments use by their fields. The proxy
 * fields are the create call's own (`proxyFields`: same types, same limits); the service applies
 * the create call's further rules (a host name or IP address, credentials for the providers).
 */
import { z } from 'zod';
import {
  DELETE_MAX,
  LIST_NUM_MAX,
  SAVED_PROXY_CHECK_MAX,
  SAVED_PROXY_CREATE_MAX,
  SAVED_PROXY_NAME_MAX,
  SAVED_PROXY_NOTE_MAX,
} from '../../limits.ts';
import { emptyBody } from './login.ts';
import { optionalField, proxyFields, sessionIdList } from './session.ts';

/** A sample saved proxy id for the generated documentation. */
export const SAMPLE_PROXY_ID = 'f3a9c2d41b7e6085';

/** What the list and the other answers give instead of a saved password. */
export const SAVED_PROXY_PASSWORD_MASK = '********';

/** A field of `proxyFields` that a saved proxy requires: its description and metadata kept. */
function required<T extends z.ZodType>(field: z.ZodOptional<T>): T {
  return field.unwrap().meta(field.meta() ?? {}) as T;
}

const proxyId = z
  .string()
  .min(1)
  .max(64)
  .describe('Saved proxy ID (create and list answer it)')
  .meta({ zh: '已保存代理的 ID（添加和列表接口返回）', example: SAMPLE_PROXY_ID });

const proxyIdList = (max: number) =>
  z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(max)
    .describe(`Saved proxy IDs, 1 to ${max}`)
    .meta({ zh: `已保存代理的 ID 数组，1 到 ${max} 个`, example: [SAMPLE_PROXY_ID] });

const name = z
  .string()
  .min(1)
  .max(SAVED_PROXY_NAME_MAX)
  .describe(
    `Name of the saved proxy, 1 to ${SAVED_PROXY_NAME_MAX} characters, unique among your saved proxies`,
  )
  .meta({
    zh: `代理名称，1 到 ${SAVED_PROXY_NAME_MAX} 个字符，在自己已保存的代理中不能重复`,
    example: 'US residential 1',
  });

const note = z
  .string()
  .max(SAVED_PROXY_NOTE_MAX)
  .describe(`A note of your own, at most ${SAVED_PROXY_NOTE_MAX} characters`)
  .meta({ zh: `备注，最多 ${SAVED_PROXY_NOTE_MAX} 个字符`, example: 'Renews on the 1st' });

/** One proxy to save: a name, the create call's proxy fields (type, host and port required), a note. */
export const savedProxyFields = {
  Name: name,
  Proxy_Type: required(proxyFields.Proxy_Type),
  Proxy_Ip: required(proxyFields.Proxy_Ip),
  Proxy_Port: required(proxyFields.Proxy_Port),
  Proxy_Username: proxyFields.Proxy_Username,
  Proxy_Password: proxyFields.Proxy_Password,
  Note: optionalField(note),
};

export const savedProxy = z
  .strictObject(savedProxyFields)
  .describe('A proxy to save')
  .meta({ zh: '要保存的代理' });
export type SavedProxyInput = z.infer<typeof savedProxy>;

/** POST /manager/proxies/list: no parameters. */
export const proxyLibraryListBody = emptyBody;
export type ProxyLibraryListBody = z.infer<typeof proxyLibraryListBody>;

/** POST /manager/proxies/get: one saved proxy with its password (the form's "Saved proxy"). */
export const proxyLibraryGetBody = z
  .strictObject({ Proxy_ID: proxyId })
  .describe('Get a saved proxy with its password')
  .meta({ zh: '获取已保存的代理（含密码）' });
export type ProxyLibraryGetBody = z.infer<typeof proxyLibraryGetBody>;

/** POST /manager/proxies/create: one or many proxies (an imported list); all saved or none. */
export const proxyLibraryCreateBody = z
  .strictObject({
    Proxies: z
      .array(savedProxy)
      .min(1)
      .max(SAVED_PROXY_CREATE_MAX)
      .describe(`The proxies to save, 1 to ${SAVED_PROXY_CREATE_MAX}: all of them or none`)
      .meta({
        zh: `要保存的代理，1 到 ${SAVED_PROXY_CREATE_MAX} 个：要么全部保存，要么都不保存`,
        example: [
          {
            Name: 'US residential 1',
            Proxy_Type: 'SOCKS5',
            Proxy_Ip: '203.0.113.10',
            Proxy_Port: 1080,
            Proxy_Username: 'user01',
            Proxy_Password: 'secret',
          },
        ],
      }),
  })
  .describe('Save proxies')
  .meta({ zh: '保存代理' });
export type ProxyLibraryCreateBody = z.infer<typeof proxyLibraryCreateBody>;

/**
 * POST /manager/proxies/update: new values for some fields of a saved proxy; each absent one
 * (the password too) is kept. The environments that use it get the new values.
 */
export const proxyLibraryUpdateBody = z
  .strictObject({
    Proxy_ID: proxyId,
    Name: optionalField(name),
    Proxy_Type: proxyFields.Proxy_Type,
    Proxy_Ip: proxyFields.Proxy_Ip,
    Proxy_Port: proxyFields.Proxy_Port,
    Proxy_Username: proxyFields.Proxy_Username,
    Proxy_Password: proxyFields.Proxy_Password,
    Note: optionalField(note),
  })
  .describe('Change a saved proxy')
  .meta({ zh: '修改已保存的代理' });
export type ProxyLibraryUpdateBody = z.infer<typeof proxyLibraryUpdateBody>;

/** POST /manager/proxies/delete: the environments that used them keep their proxy settings. */
export const proxyLibraryDeleteBody = z
  .strictObject({ Proxy_ID: proxyIdList(DELETE_MAX) })
  .describe('Delete saved proxies')
  .meta({ zh: '删除已保存的代理' });
export type ProxyLibraryDeleteBody = z.infer<typeof proxyLibraryDeleteBody>;

/** POST /manager/proxies/check: a real request through each proxy; the results are kept. */
export const proxyLibraryCheckBody = z
  .strictObject({ Proxy_ID: proxyIdList(SAVED_PROXY_CHECK_MAX) })
  .describe('Check saved proxies')
  .meta({ zh: '检测已保存的代理' });
export type ProxyLibraryCheckBody = z.infer<typeof proxyLibraryCheckBody>;

/** POST /manager/proxies/exits: each environment's saved proxy and last known exit. */
export const proxyLibraryExitsBody = z
  .strictObject({ Session_ID: sessionIdList(LIST_NUM_MAX) })
  .describe('Saved proxies and last exits of environments')
  .meta({ zh: '查询环境使用的已保存代理及最近的出口' });
export type ProxyLibraryExitsBody = z.infer<typeof proxyLibraryExitsBody>;
