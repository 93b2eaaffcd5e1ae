/**
 * The request body of a call as JSON Schema (the input side of its zod schema: what a caller may
 * send) and as rows of a field table: name, type, required, limits, description in both languages,
 * example. Both views are derived from the very schema the service validates with.
 */
import { z } from 'zod';
import type { Localized } from '../i18n.ts';

/** A JSON Schema node as z.toJSONSchema writes it (with the contract's `zh` and `example`). */
export interface JsonSchema {
  type?: string;
  description?: string;
  zh?: string;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  [key: string]: unknown;
}

/** The input-side JSON Schema of a body, exactly as zod writes it. */
export function bodyJsonSchema(body: z.ZodType): JsonSchema {
  return z.toJSONSchema(body, { io: 'input' }) as JsonSchema;
}

/**
 * The JSON Schema of what a call answers on success, exactly as zod writes its answer schema (the
 * output side; answer schemas transform nothing, so both sides are the same).
 */
export function answerJsonSchema(answer: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(answer, { io: 'output' }) as JsonSchema;
  return json;
}

/** The keys every value of an object schema has (of a union: the keys all its branches have). */
export function requiredKeys(node: JsonSchema | undefined): string[] {
  if (!node) return [];
  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches)) {
    const [first, ...rest] = (branches as JsonSchema[]).map(requiredKeys);
    return (first ?? []).filter((key) => rest.every((keys) => keys.includes(key)));
  }
  return node.type === 'object' ? [...(node.required ?? [])] : [];
}

export interface FieldRow {
  readonly name: string;
  /** 'string', 'integer', 'string[]', 'string | string[]', 'object[] | string' … */
  readonly type: string;
  readonly required: boolean;
  /** Shown instead of yes/no when the requirement depends on other fields. */
  readonly requirement?: Localized;
  /** Limits in words, one per entry (empty when there are none). */
  readonly limits: readonly Localized[];
  readonly description: Localized;
  readonly example: unknown;
}

const isFlagLike = (node: JsonSchema) =>
  node.anyOf?.length === 2 &&
  node.anyOf.some((n) => n.type === 'number' && Array.isArray(n.enum)) &&
  node.anyOf.some((n) => n.type === 'string' && Array.isArray(n.enum));

const isIntegerLike = (node: JsonSchema) =>
  node.anyOf?.length === 2 &&
  node.anyOf.some((n) => n.type === 'number' && !n.enum) &&
  node.anyOf.some((n) => n.type === 'string' && n.pattern === '^-?\\d+$');

/** A decimal number, or the same as text, maybe '' for none (the geolocation fields). */
const isDecimalLike = (node: JsonSchema) =>
  Boolean(
    node.anyOf?.some((n) => n.type === 'number' && !n.enum) &&
    node.anyOf.some((n) => n.type === 'string' && n.pattern === '^-?\\d+(\\.\\d+)?$'),
  );

const isIpOrEmpty = (node: JsonSchema) =>
  Boolean(node.anyOf?.some((n) => n.const === '') && node.anyOf?.some((n) => n.format === 'ipv4'));

/** A short type name for a schema node. */
export function typeName(node: JsonSchema): string {
  if (isFlagLike(node) || isIntegerLike(node)) return 'integer';
  if (isDecimalLike(node)) return 'number';
  if (isIpOrEmpty(node)) return 'string';
  if (node.anyOf) {
    // Text before arrays reads better: 'string | string[]'.
    const names = [...new Set(node.anyOf.map(typeName))];
    return names.sort((a, b) => Number(a.endsWith('[]')) - Number(b.endsWith('[]'))).join(' | ');
  }
  if (node.type === 'array') return `${node.items ? typeName(node.items) : 'any'}[]`;
  if (node.type === 'number') return 'number';
  return node.type ?? 'any';
}

/** Patterns the contract uses, in words. */
const PATTERN_WORDS: Record<string, Localized> = {
  '^\\S+$': { en: 'no spaces', zh: '不含空格' },
  '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$': {
    en: 'YYYY-MM-DD or YYYY-MM-DD HH:mm:ss',
    zh: 'YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss',
  },
  '^\\d{3,4}x\\d{3,4}$': { en: 'WIDTHxHEIGHT, e.g. 1920x1080', zh: '宽x高，例如 1920x1080' },
  '^[A-Za-z]{2}$': { en: 'two letters', zh: '两个字母' },
  '^[01](,[01]){3}$': {
    en: 'four 0/1 flags separated by commas',
    zh: '四个以逗号分隔的 0/1 开关',
  },
};

const both = (en: string, zh: string): Localized => ({ en, zh });

function range(min: number | undefined, max: number | undefined, unit: Localized): Localized[] {
  if (min !== undefined && max !== undefined) {
    return [both(`${min} to ${max} ${unit.en}`.trim(), `${min} 到 ${max} ${unit.zh}`.trim())];
  }
  if (max !== undefined)
    return [both(`at most ${max} ${unit.en}`.trim(), `最多 ${max} ${unit.zh}`.trim())];
  if (min !== undefined)
    return [both(`at least ${min} ${unit.en}`.trim(), `至少 ${min} ${unit.zh}`.trim())];
  return [];
}

/** The limits of a schema node, in words. */
export function limitsOf(node: JsonSchema): Localized[] {
  if (isFlagLike(node)) {
    const values = (node.anyOf?.find((n) => n.type === 'number')?.enum ?? []).join(', ');
    return [
      both(`${values} (a number, or the same as text)`, `${values}（数字，或相同内容的文本）`),
    ];
  }
  if (isIpOrEmpty(node))
    return [both('IPv4 or IPv6 address, or empty', 'IPv4 或 IPv6 地址，或为空')];
  const limits: Localized[] = [];
  if (isDecimalLike(node)) {
    limits.push(...range(node.minimum, node.maximum, both('', '')));
    limits.push(
      node.anyOf?.some((n) => n.const === '')
        ? both(
            'a number, or the same as text, or empty for none',
            '数字，或相同内容的文本；为空表示不设置',
          )
        : both('a number, or the same as text', '数字，或相同内容的文本'),
    );
    return limits;
  }
  if (isIntegerLike(node)) {
    limits.push(...range(node.minimum, node.maximum, both('', '')));
    limits.push(both('a number, or digits as text', '数字，或数字组成的文本'));
    return limits;
  }
  if (node.anyOf) {
    for (const branch of node.anyOf) limits.push(...limitsOf(branch));
    return dedupe(limits);
  }
  if (node.type === 'string') {
    if (node.enum)
      limits.push(both(`one of: ${node.enum.join(', ')}`, `取值：${node.enum.join('、')}`));
    if (node.minLength === 1 && node.maxLength === undefined) {
      limits.push(both('not empty', '不能为空'));
    } else {
      limits.push(
        ...range(node.minLength || undefined, node.maxLength, both('characters', '个字符')),
      );
    }
    if (node.pattern) {
      limits.push(
        PATTERN_WORDS[node.pattern] ?? both(`pattern ${node.pattern}`, `格式 ${node.pattern}`),
      );
    }
  }
  if (node.type === 'array') {
    limits.push(...range(node.minItems, node.maxItems, both('items', '项')));
  }
  if (node.type === 'number') limits.push(...range(node.minimum, node.maximum, both('', '')));
  return dedupe(limits);
}

function dedupe(list: Localized[]): Localized[] {
  const seen = new Set<string>();
  return list.filter((item) => !seen.has(item.en) && Boolean(seen.add(item.en)));
}

/** The field table of a body. */
export function fieldRows(
  body: z.ZodType,
  requirement: Readonly<Record<string, Localized>> = {},
): FieldRow[] {
  const json = bodyJsonSchema(body);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, node]) => ({
    name,
    type: typeName(node),
    required: required.has(name),
    ...(requirement[name] ? { requirement: requirement[name] } : {}),
    limits: limitsOf(node),
    description: { en: node.description ?? '', zh: node.zh ?? node.description ?? '' },
    example: node.example,
  }));
}

/**
 * The JSON Schema of a body for OpenAPI 3.1 (JSON Schema 2020-12): the Chinese description moves to
 * `x-description-zh` and `example` to `examples`, recursively; `$schema` is dropped.
 */
export function openApiSchema(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if (key === 'zh') out['x-description-zh'] = value;
    else if (key === 'example') out.examples = [value];
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, openApiSchema(v)]),
      );
    } else if ((key === 'anyOf' || key === 'allOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = (value as JsonSchema[]).map(openApiSchema);
    } else if (
      (key === 'items' || key === 'additionalProperties') &&
      value &&
      typeof value === 'object'
    ) {
      out[key] = openApiSchema(value as JsonSchema);
    } else out[key] = value;
  }
  return out;
}
