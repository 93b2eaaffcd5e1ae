/**
 * Pieces the local API's answer schemas share (the `*-answers.ts` files beside the bodies): what
 * an answer's `data` holds on success (code 0). Answers are exact: strict objects, no transforms,
 * so that a schema that passes is already the typed answer and an extra or missing field fails
 * the service's answer check outside production (apps/local-api/src/http/route.ts).
 */
import { z } from 'zod';

/** A code of the contract's tables, as a number. */
export const answerCode = z.int();

/** 'YYYY-MM-DD HH:mm:ss', local time of the service's machine. */
export const answerTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** 'YYYY-MM-DD', or '' when the cloud gave no date. */
export const answerDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/);

/** A 0/1 flag as the calls answer them. */
export const answerFlag = z.union([z.literal(0), z.literal(1)]);

/** An id the caller sent that is not (or no longer) one of its environments: the id and -22. */
export const notFoundItem = z.strictObject({ Session_ID: z.string(), status: answerCode });

/** The ids a call acted on, with their count (auto_open add, update and delete). */
export const idsWithTotal = z.strictObject({ listid: z.array(z.string()), total: z.int() });

/** An answer schema with its title in both languages (the docs show it). */
export function titled<S extends z.ZodType>(schema: S, en: string, zh: string): S {
  return schema.describe(en).meta({ zh });
}
