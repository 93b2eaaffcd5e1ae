/** POST /api/v1/session/self_check (issue 18): what a site could see of one environment. */
import { z } from 'zod';
import { sessionId } from './session.ts';

export const selfCheckBody = z
  .strictObject({ Session_ID: sessionId() })
  .describe('Check what sites can see of an environment')
  .meta({ zh: '检测网站能看到环境的哪些信息' });
export type SelfCheckBody = z.infer<typeof selfCheckBody>;
