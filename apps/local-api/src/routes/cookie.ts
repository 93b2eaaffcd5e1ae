/**
 * import-cookie and export-cookie (local-api.md §5, §7): files on the machine running the service,
 * in the JSON array format browser extensions export, or Netscape cookies.txt (by the extension
 * .txt on export, by the content on import).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localApiMessages, MainCodes, SessionCodes } from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import { fail, LocalApiError, sessionFailure, v1 } from '../http/envelope.ts';
import { post } from '../http/route.ts';
import {
  CookieFormatError,
  mergeCookies,
  parseCookieFile,
  toExtensionJson,
  toNetscape,
} from '../runtime/cookies.ts';
import { resolve } from './session.ts';

/** Cookie files larger than this are refused (a browser holds a few thousand cookies at most). */
const COOKIE_FILE_MAX_BYTES = 20 * 1024 * 1024;

export function cookieRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/session/import-cookie', async ({ body, request, login }) => {
    const { record } = resolve(ctx, login.Account, body.Session_ID, 'write');
    const file = path.resolve(body.Cookie_File);
    let content: string;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) throw new Error('not a file');
      if (stat.size > COOKIE_FILE_MAX_BYTES) {
        throw sessionFailure(
          SessionCodes.code.COOKIE_FILE_INVALID,
          localApiMessages.cookieFileContentInvalid,
          {
            reason: `larger than ${COOKIE_FILE_MAX_BYTES / 1024 / 1024} MB`,
          },
        );
      }
      content = await fs.promises.readFile(file, 'utf8');
    } catch (error) {
      if (error instanceof LocalApiError) throw error;
      throw fail(MainCodes.code.COOKIE_IMPORT_FAILED, localApiMessages.cookieFileUnreadable, {
        file: body.Cookie_File,
      });
    }
    let cookies;
    try {
      cookies = parseCookieFile(content);
    } catch (error) {
      if (!(error instanceof CookieFormatError)) throw error;
      throw sessionFailure(
        SessionCodes.code.COOKIE_FILE_INVALID,
        localApiMessages.cookieFileContentInvalid,
        {
          reason: error.message,
        },
      );
    }
    record.cookies = mergeCookies(record.cookies, cookies);
    ctx.envs.save(record);
    return v1(request, localApiMessages.importCookieSuccess, {
      Session_ID: record.id,
      Cookie_Count: cookies.length,
      Cookie_Total: record.cookies.length,
    });
  });

  post(app, ctx, '/api/v1/session/export-cookie', async ({ body, request, login }) => {
    const { record } = resolve(ctx, login.Account, body.Session_ID, 'read');
    const file = path.resolve(body.Export_Cookie_File);
    const content = /\.txt$/i.test(file)
      ? toNetscape(record.cookies)
      : toExtensionJson(record.cookies);
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.promises.writeFile(temporary, content, { mode: 0o600 });
      await fs.promises.rename(temporary, file);
    } catch {
      await fs.promises.rm(temporary, { force: true });
      throw fail(MainCodes.code.COOKIE_EXPORT_FAILED, localApiMessages.cookieFileUnwritable, {
        file: body.Export_Cookie_File,
      });
    }
    return v1(request, localApiMessages.exportCookieSuccess, {
      Session_ID: record.id,
      Export_Cookie_File: file,
      Cookie_Count: record.cookies.length,
    });
  });
}
