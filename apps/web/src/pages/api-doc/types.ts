/**
 * The data the documentation pages render, generated at build time from the contract (see
 * build/model.ts and the `virtual:api-doc/*` modules). Plain JSON: the browser runs no schema code.
 */
import type {
  ApiDocSlug,
  CodeTableName,
  DocCall,
  HttpAnswer,
  Lang,
  Localized,
  McpToolDoc,
  StartupFlag,
} from '@hainiao/contract';

/** A call as its page shows it: the model plus its example answer in both languages. */
export interface CallView extends Omit<DocCall, 'answer'> {
  readonly answer: Record<Lang, unknown>;
}

/** A call in a list (overview, Postman flow): where its documentation is. */
export interface CallLink {
  readonly path: string;
  readonly title: Localized;
  readonly page: ApiDocSlug;
  readonly anchor: string;
}

export interface CodeTableView {
  readonly table: CodeTableName;
  readonly title: Localized;
  readonly note?: Localized;
  readonly entries: readonly { code: number; name: string; en: string; zh: string }[];
}

export interface AppendixView {
  readonly systems: readonly string[];
  readonly mobileSystems: readonly string[];
  readonly proxyTypes: readonly string[];
  readonly resolutions: readonly string[];
  readonly timezones: readonly { offset: string; zone: string; label: Localized }[];
  readonly languages: readonly {
    code: string;
    name: Localized;
    nativeName: string;
    rendering: boolean;
  }[];
  readonly countries: readonly { code: string; name: Localized }[];
}

export interface ExampleFile {
  readonly id: 'curl' | 'puppeteer' | 'playwright' | 'python-requests' | 'python-selenium';
  /** The path in the repository. */
  readonly file: string;
  readonly language: 'sh' | 'js' | 'py';
  readonly source: string;
}

export interface PostmanView {
  readonly files: { openapi: string; collection: string; environment: string };
  readonly flow: readonly { name: string; calls: readonly CallLink[] }[];
  readonly variables: readonly {
    key: string;
    value: string;
    description: Localized;
    environment: boolean;
  }[];
}

/** An AdsPower-compatible call (the adspower page): where its parameters go and what it does. */
export interface AdsPowerCallView {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly input: 'query' | 'body';
  readonly parameters: readonly { name: string; required: boolean }[];
  readonly does: Localized;
}

/** Everything a page needs beyond its copy; which parts are present depends on the page. */
export interface DocPageData {
  readonly slug: ApiDocSlug;
  /** Limits of the contract in words (overview). */
  readonly limits?: readonly { label: Localized; value: Localized }[];
  readonly calls?: readonly CallView[];
  readonly callIndex?: readonly CallLink[];
  readonly flags?: readonly StartupFlag[];
  readonly http?: {
    readonly statuses: readonly HttpAnswer[];
    readonly rateLimits: readonly { path: string; perMinute: number }[];
    readonly bodyLimitMb: number;
    readonly openapiPath: string;
  };
  readonly codeTables?: readonly CodeTableView[];
  readonly appendix?: AppendixView;
  readonly postman?: PostmanView;
  readonly examples?: readonly ExampleFile[];
  readonly adspower?: { readonly calls: readonly AdsPowerCallView[]; readonly compatPort: number };
  readonly mcp?: { readonly path: string; readonly tools: readonly McpToolDoc[] };
}

/** One hit of the docs search. */
export interface SearchEntry {
  readonly slug: ApiDocSlug;
  /** The section's id on the page ('' for the page's top). */
  readonly anchor: string;
  readonly title: Localized;
  /** Text to match (and to quote a little of). */
  readonly text: Localized;
}

/**
 * Hand-written pages (overview, help, http, question, postman…, example) are copy in
 * locales/pages/api-doc-pages.ts: sections of blocks. Inline text may hold `code` and
 * [links](/api/doc/session#session-create) (English site paths, localized when shown).
 */
export type GeneratedBlock =
  | 'call-index'
  | 'limits'
  | 'flags'
  | 'http-statuses'
  | 'rate-limits'
  | 'downloads'
  | 'postman-flow'
  | 'postman-variables'
  | 'adspower-calls'
  | 'mcp-tools'
  | `example:${ExampleFile['id']}`
  | `call-example:${string}`;

export type Block =
  | { readonly p: string }
  | { readonly list: readonly string[]; readonly ordered?: boolean }
  | { readonly code: string; readonly language: string; readonly title?: string }
  | {
      readonly table: {
        readonly head: readonly string[];
        readonly rows: readonly (readonly string[])[];
      };
    }
  | { readonly note: string; readonly tone?: 'info' | 'warn' }
  | { readonly generated: GeneratedBlock };

export interface ProseSection {
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly Block[];
}

export interface ProsePage {
  readonly lead: string;
  readonly sections: readonly ProseSection[];
}
