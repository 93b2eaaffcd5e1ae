/**
 * Request bodies of the auto-open calls of the local API (session/auto_open/*): pages an
 * environment opens on start. Add takes the target environments; list, update and delete take them
 * optionally (without Session_ID they apply to every environment of the account).
 */
import { z } from 'zod';
import { DELETE_MAX } from '../../limits.ts';
import { optionalField, sessionIdList, startPageUrl, urlString } from './session.ts';

/** A page to store: http(s) only (startPageUrl). */
function page(en: string, zh: string, example: string) {
  return startPageUrl.describe(en).meta({ zh, example });
}

/** A page already stored, named to replace or remove it: any URL, so old ones can go. */
function storedPage(en: string, zh: string, example: string) {
  return urlString.describe(en).meta({ zh, example });
}

/** POST /api/v1/session/auto_open/list. */
export const autoOpenListBody = z
  .strictObject({ Session_ID: optionalField(sessionIdList(DELETE_MAX)) })
  .describe('Auto-open pages of environments')
  .meta({ zh: '查询环境的自动打开网页' });
export type AutoOpenListBody = z.infer<typeof autoOpenListBody>;

/** POST /api/v1/session/auto_open/add. */
export const autoOpenAddBody = z
  .strictObject({
    Session_ID: sessionIdList(DELETE_MAX),
    StartPage: page(
      'URL to open on start (http:// or https://)',
      '启动时打开的网址（http:// 或 https://）',
      'https://www.amazon.com',
    ),
  })
  .describe('Add an auto-open page to environments')
  .meta({ zh: '为环境添加自动打开网页' });
export type AutoOpenAddBody = z.infer<typeof autoOpenAddBody>;

/** POST /api/v1/session/auto_open/update: replaces one URL by another. */
export const autoOpenUpdateBody = z
  .strictObject({
    Session_ID: optionalField(sessionIdList(DELETE_MAX)),
    OldStartPage: storedPage('URL to replace', '要替换的网址', 'https://www.amazon.com'),
    NewStartPage: page(
      'New URL (http:// or https://)',
      '新网址（http:// 或 https://）',
      'https://sellercentral.amazon.com',
    ),
  })
  .describe('Replace an auto-open page')
  .meta({ zh: '修改自动打开网页' });
export type AutoOpenUpdateBody = z.infer<typeof autoOpenUpdateBody>;

/** POST /api/v1/session/auto_open/delete. */
export const autoOpenDeleteBody = z
  .strictObject({
    Session_ID: optionalField(sessionIdList(DELETE_MAX)),
    StartPage: storedPage('URL to remove', '要删除的网址', 'https://www.amazon.com'),
  })
  .describe('Remove an auto-open page')
  .meta({ zh: '删除自动打开网页' });
export type AutoOpenDeleteBody = z.infer<typeof autoOpenDeleteBody>;
