/**
 * import-cookie and export-cookie: files in the cookie folder of the machine
 * running the service (`--cookie-dir`; runtime/profile/cookies.ts `cookieFiles`), in the JSON array format
 * browser extensions export, or Netscape cookies.txt (by the extension .txt on export, by the
 * content on import).
 *
 * A path out of the folder (symbolic links resolved), an export over a file this service did not
 * write, through a symbolic link, to a hidden name or without the .json/.txt extension are refused
 * (-14 import, -15 export) with a message naming the rule. No answer quotes what a file held: an
 * invalid file (-112) is described by the rule it broke.
 */
import type { FastifyInstance } from 'fastify';
import {
  localApiMessages,
  MainCodes,
  EnvironmentFieldCodes,
  toExtensionJson,
  toNetscape,
  type Localized,
} from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { storeCookies } from '../../domain/cookies.ts';
import { fail, fieldFailure, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';
import {
  CookieFileRefusal,
  CookieFormatError,
  parseCookieFile,
  type CookieFileRule,
} from '../../runtime/profile/cookies.ts';

/** Cookie files larger than this are refused (a browser holds a few thousand cookies at most). */
const COOKIE_FILE_MAX_BYTES = 20 * 1024 * 1024;

const IMPORT_RULES: Partial<Record<CookieFileRule, Localized>> = {
  outside: localApiMessages.cookieImportOutsideDir,
  notFile: localApiMessages.cookieImportNotRegularFile,
  unreadable: localApiMessages.cookieFileUnreadable,
};

const EXPORT_RULES: Partial<Record<CookieFileRule, Localized>> = {
  outside: localApiMessages.cookieExportOutsideDir,
  hidden: localApiMessages.cookieExportHiddenName,
  extension: localApiMessages.cookieExportExtension,
  symlink: localApiMessages.cookieExportSymlink,
  exists: localApiMessages.cookieExportExists,
  notFile: localApiMessages.cookieExportNotRegularFile,
  unwritable: localApiMessages.cookieFileUnwritable,
  noSpace: localApiMessages.cookieExportNoSpace,
  readOnly: localApiMessages.cookieExportReadOnly,
};

export function cookieRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/session/import-cookie', async ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    let content: string;
    try {
      content = await ctx.cookieFiles.read(body.Cookie_File, COOKIE_FILE_MAX_BYTES);
    } catch (error) {
      if (!(error instanceof CookieFileRefusal)) throw error;
      if (error.rule === 'tooLarge') {
        throw fieldFailure(
          EnvironmentFieldCodes.code.COOKIE_FILE_INVALID,
          localApiMessages.cookieFileContentInvalid,
          { reason: `larger than ${COOKIE_FILE_MAX_BYTES / 1024 / 1024} MB` },
        );
      }
      throw fail(
        MainCodes.code.COOKIE_IMPORT_FAILED,
        IMPORT_RULES[error.rule] ?? localApiMessages.cookieFileUnreadable,
        { file: body.Cookie_File, dir: ctx.cookieFiles.realDir },
      );
    }
    let cookies;
    try {
      cookies = parseCookieFile(content);
    } catch (error) {
      if (!(error instanceof CookieFormatError)) throw error;
      // The rule only: the message never quotes a name, domain or value of the file.
      throw fieldFailure(
        EnvironmentFieldCodes.code.COOKIE_FILE_INVALID,
        localApiMessages.cookieFileContentInvalid,
        { reason: error.rule },
      );
    }
    const stored = await storeCookies(ctx, record, cookies, 'merge');
    return v1(request, localApiMessages.importCookieSuccess, {
      Session_ID: record.id,
      Cookie_Count: cookies.length,
      Cookie_Total: stored.length,
    });
  });

  post(app, ctx, '/api/v1/session/export-cookie', async ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'read');
    let file: string;
    try {
      file = await ctx.cookieFiles.write(body.Export_Cookie_File, (name) =>
        /\.txt$/i.test(name) ? toNetscape(record.cookies) : toExtensionJson(record.cookies),
      );
    } catch (error) {
      if (!(error instanceof CookieFileRefusal)) throw error;
      throw fail(
        MainCodes.code.COOKIE_EXPORT_FAILED,
        EXPORT_RULES[error.rule] ?? localApiMessages.cookieFileUnwritable,
        { file: body.Export_Cookie_File, dir: ctx.cookieFiles.realDir },
      );
    }
    return v1(request, localApiMessages.exportCookieSuccess, {
      Session_ID: record.id,
      Export_Cookie_File: file,
      Cookie_Count: record.cookies.length,
    });
  });
}
