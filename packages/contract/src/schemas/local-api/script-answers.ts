/** Answers (`data` on code 0) of the script calls: the library and an environment's scripts. */
import { z } from 'zod';
import { titled } from './answer-common.ts';

/** POST /api/v1/script/list: the cloud's script library (the newest version of each). */
export const localScriptLibraryAnswer = titled(
  z.strictObject({
    Script_list: z.array(
      z.strictObject({
        Script_ID: z.string(),
        Script_Name: z.string(),
        Script_Ver: z.string(),
        Script_Desc: z.string(),
        /** Bytes. */
        Script_Size: z.int(),
      }),
    ),
    Scripts_Count: z.int(),
  }),
  'The script library',
  '脚本库',
);

/** POST /api/v1/session/id_script_list: the active script and the others, sources base64. */
export const scriptListAnswer = titled(
  z.strictObject({
    Session_ID: z.string(),
    Script_ID: z.string(),
    Actived_script_id: z.string(),
    Actived_script_name: z.string(),
    Actived_script_encode: z.string(),
    Script_Count: z.int(),
    UnActived_script_list: z.array(
      z.strictObject({
        UnActived_script_ID: z.string(),
        UnActived_script_Name: z.string(),
        UnActived_script_encode: z.string(),
      }),
    ),
  }),
  'The environment’s active script and its other scripts (sources in base64)',
  '环境当前启用的脚本及其他脚本（源码为 base64）',
);

const oneScript = z.strictObject({ Session_ID: z.string(), Script_ID: z.string() });
const someScripts = z.strictObject({
  Session_ID: z.string(),
  Script_ID: z.array(z.string()),
  Script_Count: z.int(),
});

/** POST /api/v1/session/id_script_active. */
export const scriptActivateAnswer = titled(oneScript, 'The script now active', '当前启用的脚本');

/** POST /api/v1/session/id_script_add. */
export const scriptAddAnswer = titled(
  someScripts,
  'The scripts assigned, and how many the environment has',
  '已分配的脚本，以及环境现有的脚本数',
);

/** POST /api/v1/session/id_script_Deactivate: the script that was active ('' for none). */
export const scriptDeactivateAnswer = titled(
  oneScript,
  'The script that was active (empty when none was)',
  '原先启用的脚本（若没有则为空）',
);

/** POST /api/v1/session/id_script_Delete. */
export const scriptDeleteAnswer = titled(
  someScripts,
  'The scripts removed, and how many the environment has left',
  '已移除的脚本，以及环境剩余的脚本数',
);
