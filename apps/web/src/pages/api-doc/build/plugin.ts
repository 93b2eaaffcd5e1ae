/**
 * Vite plugin of the documentation: serves `virtual:api-doc/page/<slug>` (a page's data) and
 * `virtual:api-doc/search` (the search index) from build/model.ts, which it loads through tsx
 * because the contract is TypeScript source; and publishes the OpenAPI document and the Postman
 * files under /api/doc/ (emitted by the client build, served by the dev server).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import type * as ModelModule from './model.ts';

type Model = typeof ModelModule;

const PREFIX = 'virtual:api-doc/';
const RESOLVED = `\0${PREFIX}`;

export function apiDocPlugin(): Plugin {
  let root = process.cwd();
  let model: Promise<Model> | undefined;
  const load = () =>
    (model ??= tsImport(
      path.join(root, 'src/pages/api-doc/build/model.ts'),
      import.meta.url,
    ) as Promise<Model>);
  const siteUrl = () => (process.env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

  return {
    name: 'hainiao-api-doc',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const m = await load();
      const name = id.slice(RESOLVED.length);
      const data =
        name === 'search' ? m.searchIndex() : m.pageData(name.replace(/^page\//, '') as never);
      // JSON.parse of a string literal is the fastest way for a browser to read a large object.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`;
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      const files = (await load()).publishedFiles(siteUrl());
      for (const [name, source] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName: `api/doc/${name}`, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/api\/doc\/([\w.-]+\.json)$/.exec(request.url?.split('?')[0] ?? '');
        if (!match) return next();
        void load().then((m) => {
          const text = m.publishedFiles(siteUrl())[match[1]!];
          if (text === undefined) return next();
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.end(text);
        }, next);
      });
    },
  };
}
