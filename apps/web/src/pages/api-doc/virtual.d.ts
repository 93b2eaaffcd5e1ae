/**
 * The modules build/plugin.ts generates from the contract at build time. An ambient module cannot
 * import a relative path, so the types are referenced with import() types.
 */
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:api-doc/page/*' {
  const data: import('./types.ts').DocPageData;
  export default data;
}

declare module 'virtual:api-doc/search' {
  const entries: readonly import('./types.ts').SearchEntry[];
  export default entries;
}
