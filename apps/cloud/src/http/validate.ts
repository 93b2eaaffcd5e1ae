import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { format, siteMessageByKey, siteMessages, type Lang } from '@hainiao/contract';
import { CloudError } from './envelope.ts';
import { requestLang } from './form.ts';

/**
 * Validates a call's form fields with the contract's schema (http/route.ts reads them first). The
 * first issue becomes the answer: code 1 and its catalogue message in the caller's language.
 */
export function parseFields<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  fields: Record<string, string>,
): { data: z.output<S>; lang: Lang } {
  const lang = requestLang(request, fields);
  // Remember the language for the error handler (an invalid `lang` still decides the language).
  request.lang = lang;
  const result = schema.safeParse(fields);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'form';
    const message =
      (issue && siteMessageByKey(issue.message)) ?? siteMessages.validation.invalidParameter;
    throw new CloudError(1, {
      en: format(message.en, { field }),
      zh: format(message.zh, { field }),
    });
  }
  return { data: result.data, lang };
}

declare module 'fastify' {
  interface FastifyRequest {
    lang?: Lang;
  }
}
