/**
 * Client-side checks that mirror the contract: every rule comes from the zod schema of the call
 * (@hainiao/contract), never re-spelled here. What is ours is only the wording of a zod issue in the
 * UI's language (zod's own messages are English only).
 */
import type { z } from 'zod';
import type { UiLang } from './lang.tsx';

type Issue = z.core.$ZodIssue;

const copy = {
  en: {
    tooLong: (max: number) => `At most ${max} characters`,
    tooShort: (min: number) => (min <= 1 ? 'Required' : `At least ${min} characters`),
    tooBig: (max: number) => `At most ${max}`,
    tooSmall: (min: number) => `At least ${min}`,
    tooMany: (max: number) => `At most ${max} items`,
    format: 'Not in the expected format',
    choice: 'Not one of the allowed values',
    type: 'Not a valid value',
    unknownField: (keys: string) => `Not a field of this call: ${keys}`,
  },
  zh: {
    tooLong: (max: number) => `最多 ${max} 个字符`,
    tooShort: (min: number) => (min <= 1 ? '必填' : `至少 ${min} 个字符`),
    tooBig: (max: number) => `不能大于 ${max}`,
    tooSmall: (min: number) => `不能小于 ${min}`,
    tooMany: (max: number) => `最多 ${max} 项`,
    format: '格式不正确',
    choice: '不是允许的取值',
    type: '取值无效',
    unknownField: (keys: string) => `该接口没有此字段：${keys}`,
  },
};

const UNION_PREFERENCE: readonly string[] = ['invalid_format', 'too_big', 'too_small', 'custom'];

/** A zod issue in the UI's language (the limits come from the issue, i.e. from the schema). */
export function issueMessage(issue: Issue, lang: UiLang): string {
  const t = copy[lang];
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return t.tooLong(Number(issue.maximum));
      if (issue.origin === 'array') return t.tooMany(Number(issue.maximum));
      return t.tooBig(Number(issue.maximum));
    case 'too_small':
      if (issue.origin === 'string') return t.tooShort(Number(issue.minimum));
      return t.tooSmall(Number(issue.minimum));
    case 'invalid_format':
      return t.format;
    case 'invalid_value':
      return t.choice;
    case 'unrecognized_keys':
      return t.unknownField(issue.keys.join(', '));
    case 'invalid_union': {
      // A union (a number or its digits, an address or '', one URL or a list): the branch that
      // got furthest says the most.
      const inner = issue.errors.flat();
      const best =
        inner.find((i) => UNION_PREFERENCE.includes(i.code)) ??
        inner.find((i) => i.code !== 'invalid_type');
      return best ? issueMessage(best, lang) : t.type;
    }
    case 'custom':
      return t.format;
    default:
      return t.type;
  }
}

/** The first problem of `value` against `schema`, in the UI's language, or undefined. */
export function checkValue(schema: z.ZodType, value: unknown, lang: UiLang): string | undefined {
  const result = schema.safeParse(value);
  const first = result.success ? undefined : result.error.issues[0];
  return first ? issueMessage(first, lang) : undefined;
}

/**
 * An Ant Design form rule from a schema field. `toWire` turns the form's value into what the call
 * sends (an empty text is not sent, so it passes when the field is optional).
 */
export function schemaRule(
  schema: z.ZodType,
  lang: UiLang,
  toWire: (value: unknown) => unknown = emptyToUndefined,
) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = checkValue(schema, toWire(value), lang);
      if (problem) throw new Error(problem);
    },
  };
}

export function emptyToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** The problems of a whole call body, by top-level field (the form shows each under its field). */
export function bodyProblems(
  schema: z.ZodType,
  body: unknown,
  lang: UiLang,
): { field: string; message: string }[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issueMessage(issue, lang),
  }));
}
