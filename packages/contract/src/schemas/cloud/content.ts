/**
 * Form fields of the cloud's content calls (version, core list, FAQ documents),
 * and the building blocks every cloud call's fields share: `commonFields` (inweb, lang),
 * `tokenFields`, numeric and optional-text helpers, and the message keys of validation issues.
 *
 * Cloud calls are multipart forms, so every field arrives as text. Objects are `z.object`, not
 * strict: a multipart request also carries file parts and browser-added fields, and unknown text
 * fields are simply dropped. Issues carry message keys of `siteMessages` (e.g.
 * 'validation.titleLength') rather than sentences, for the UI to translate.
 */
import { z } from 'zod';
import type { CloudLang } from '../../lang.ts';

/** Message keys (paths into `siteMessages`) that validation issues of cloud fields carry. */
export const ValidationKey = {
  titleRequired: 'validation.titleRequired',
  titleLength: 'validation.titleLength',
  typeRequired: 'validation.typeRequired',
  contentRequired: 'validation.contentRequired',
  contentLength: 'validation.contentLength',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  phoneInvalid: 'validation.phoneInvalid',
  attachmentsTooMany: 'validation.attachmentsTooMany',
  replyRequired: 'validation.replyRequired',
  replyTooShort: 'validation.replyTooShort',
  idRequired: 'validation.idRequired',
  tokenRequired: 'validation.tokenRequired',
  invalidParameter: 'validation.invalidParameter',
  noApiSelected: 'console.noApiSelected',
  accountRequired: 'auth.accountRequired',
  passwordTooShort: 'auth.passwordTooShort',
} as const;
export type ValidationKey = (typeof ValidationKey)[keyof typeof ValidationKey];

const INVALID = ValidationKey.invalidParameter;

/** Values of the `lang` field: 'zh-CHS' for Chinese, else 'en'. */
export const CLOUD_LANGS = ['zh-CHS', 'en'] as const satisfies readonly CloudLang[];

/** Fields every cloud call sends: inweb=1 and lang. */
export const commonFields = z.object({
  inweb: z
    .literal('1', { error: INVALID })
    .describe('Always 1: the call comes from the web site')
    .meta({ zh: '固定为 1：表示来自网站的调用', example: '1' }),
  lang: z
    .enum(CLOUD_LANGS, { error: INVALID })
    .describe("Language of the answer's messages: zh-CHS for Chinese, en for English")
    .meta({ zh: '返回消息的语言：中文为 zh-CHS，英文为 en', example: 'en' }),
});
export type CommonFields = z.infer<typeof commonFields>;

/** The long-lived session token stored by /route. */
export const tokenField = z
  .string({ error: ValidationKey.tokenRequired })
  .min(1, { error: ValidationKey.tokenRequired })
  .describe('Session token (stored by the /route page)')
  .meta({ zh: '会话 Token（由 /route 页面保存）', example: '5f2b9c1e0a7d4e3b8c6f1a2d9e0b7c4a' });

/** Common fields plus the session token: the fields of every signed-in call. */
export const tokenFields = commonFields.extend({ token: tokenField });
export type TokenFields = z.infer<typeof tokenFields>;

/**
 * A numeric field: a string of digits (a number is accepted too, for in-app callers), handed on as
 * a number. Anything else, or a value out of [min, max], is an issue with message `error`. The
 * bounds are repeated as `minimum`/`maximum` metadata, which the input side's JSON Schema shows.
 */
export function numericField(
  min: number,
  error: string = INVALID,
  max: number = Number.MAX_SAFE_INTEGER,
) {
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error })
    .pipe(z.number().int({ error }).min(min, { error }).max(max, { error }))
    .meta(max === Number.MAX_SAFE_INTEGER ? { minimum: min } : { minimum: min, maximum: max });
}

/**
 * An optional form field for which an empty string (what a form sends for an untouched input)
 * means "not given": '' is handed on as undefined.
 */
export function blankable<T extends z.ZodType>(schema: T) {
  return z.union([z.literal('').transform(() => undefined), schema]).optional();
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** POST /api/hainiao/version: common fields only. */
export const versionFields = commonFields;
export type VersionFields = z.infer<typeof versionFields>;

/** POST /api/hainiao/corelist: common fields only. */
export const corelistFields = commonFields;
export type CorelistFields = z.infer<typeof corelistFields>;

/** POST /api/hainiao/document, mod=category: the FAQ categories. */
export const documentCategoryFields = commonFields.extend({
  mod: z
    .literal('category', { error: INVALID })
    .describe('What to read: category = the FAQ categories')
    .meta({ zh: '读取内容：category 表示 FAQ 分类', example: 'category' }),
});

/** POST /api/hainiao/document, mod=list: FAQ articles, optionally of one category. */
export const documentListFields = commonFields.extend({
  mod: z
    .literal('list', { error: INVALID })
    .describe('What to read: list = FAQ articles')
    .meta({ zh: '读取内容：list 表示 FAQ 文章列表', example: 'list' }),
  category_id: blankable(numericField(1))
    .describe('Only articles of this category')
    .meta({ zh: '仅返回该分类的文章', example: '2' }),
});

/** POST /api/hainiao/document, mod=article: one FAQ article by id (or its ename). */
export const documentArticleFields = commonFields.extend({
  mod: z
    .literal('article', { error: INVALID })
    .describe('What to read: article = one FAQ article')
    .meta({ zh: '读取内容：article 表示单篇 FAQ 文章', example: 'article' }),
  id: z
    .string({ error: ValidationKey.idRequired })
    .trim()
    .min(1, { error: ValidationKey.idRequired })
    .describe('Article id, or its ename (the name used in /faq/{id}.html)')
    .meta({ zh: '文章 ID，或其 ename（/faq/{id}.html 中使用的名称）', example: '12' }),
});

/** POST /api/hainiao/document: one of the three `mod`s. */
export const documentFields = z.discriminatedUnion(
  'mod',
  [documentCategoryFields, documentListFields, documentArticleFields],
  { error: INVALID },
);
export type DocumentFields = z.infer<typeof documentFields>;
