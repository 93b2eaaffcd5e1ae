/** Answer (`data` on code 0) of /api/v1/session/self_check (issue 18). */
import { z } from 'zod';
import { answerFlag, titled } from './answer-common.ts';

export const selfCheckAnswer = titled(
  z.strictObject({
    Session_ID: z.string(),
    /** 100 less the cost of each finding that is not ok. */
    score: z.int(),
    /** 1 when the check started the environment (and stopped it again). */
    started: answerFlag,
    findings: z.array(
      z.strictObject({
        id: z.string(),
        severity: z.enum(['high', 'medium', 'low']),
        ok: z.boolean(),
        title: z.string(),
        detail: z.string(),
        fix: z.string(),
      }),
    ),
  }),
  'A score and the findings, in the caller’s language',
  '得分与检测结果（使用调用方的语言）',
);
