/**
 * Request bodies of the per-environment script calls of the local API. The spec does not spell the
 * script id field; we name it Script_ID. One script of an environment is active, the others
 * inactive.
 */
import { z } from 'zod';
import { SCRIPTS_PER_SESSION_MAX } from '../../limits.ts';
import { emptyBody } from './login.ts';
import { optionalField, sessionId } from './session.ts';

const SAMPLE_SCRIPT_ID = 'b6f1c0d2a9e84c3f';

function scriptId(en: string, zh: string) {
  return z.string().min(1).describe(en).meta({ zh, example: SAMPLE_SCRIPT_ID });
}

/** One id or an array of 1..SCRIPTS_PER_SESSION_MAX ids, handed on as an array. */
function scriptIds(en: string, zh: string) {
  return z
    .union([
      z
        .string()
        .min(1)
        .transform((id) => [id]),
      z.array(z.string().min(1)).min(1).max(SCRIPTS_PER_SESSION_MAX),
    ])
    .describe(`${en}: one id or an array of 1 to ${SCRIPTS_PER_SESSION_MAX} ids`)
    .meta({
      zh: `${zh}：单个 ID 或 1 到 ${SCRIPTS_PER_SESSION_MAX} 个 ID 的数组`,
      example: [SAMPLE_SCRIPT_ID],
    });
}

/**
 * POST /api/v1/script/list (beyond the spec): the script library, in the caller's language, to
 * pick the ids id_script_add takes. No parameters.
 */
export const scriptLibraryBody = emptyBody;
export type ScriptLibraryBody = z.infer<typeof scriptLibraryBody>;

/** POST /api/v1/session/id_script_list. */
export const scriptListBody = z
  .strictObject({ Session_ID: sessionId() })
  .describe('Scripts of an environment')
  .meta({ zh: '查询环境的脚本' });
export type ScriptListBody = z.infer<typeof scriptListBody>;

/** POST /api/v1/session/id_script_active: makes one script the active one. */
export const scriptActivateBody = z
  .strictObject({
    Session_ID: sessionId(),
    Script_ID: scriptId('Script to make active', '要启用的脚本 ID'),
  })
  .describe('Activate a script of an environment')
  .meta({ zh: '启用环境的脚本' });
export type ScriptActivateBody = z.infer<typeof scriptActivateBody>;

/** POST /api/v1/session/id_script_add: assigns scripts (at most SCRIPTS_PER_SESSION_MAX). */
export const scriptAddBody = z
  .strictObject({
    Session_ID: sessionId(),
    Script_ID: scriptIds('Scripts to assign', '要分配的脚本'),
  })
  .describe('Assign scripts to an environment')
  .meta({ zh: '为环境分配脚本' });
export type ScriptAddBody = z.infer<typeof scriptAddBody>;

/**
 * POST /api/v1/session/id_script_Deactivate: makes the active script inactive. Script_ID is
 * optional (there is only one active script); when sent, it must name the active one.
 */
export const scriptDeactivateBody = z
  .strictObject({
    Session_ID: sessionId(),
    Script_ID: optionalField(scriptId('The active script (optional)', '当前启用的脚本 ID（可选）')),
  })
  .describe('Deactivate the active script of an environment')
  .meta({ zh: '停用环境当前启用的脚本' });
export type ScriptDeactivateBody = z.infer<typeof scriptDeactivateBody>;

/** POST /api/v1/session/id_script_Delete: removes inactive scripts. */
export const scriptDeleteBody = z
  .strictObject({
    Session_ID: sessionId(),
    Script_ID: scriptIds('Inactive scripts to remove', '要删除的未启用脚本'),
  })
  .describe('Remove inactive scripts from an environment')
  .meta({ zh: '删除环境中未启用的脚本' });
export type ScriptDeleteBody = z.infer<typeof scriptDeleteBody>;
