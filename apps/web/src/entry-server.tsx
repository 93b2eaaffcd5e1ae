import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { langFromPath, type Lang } from '@hainiao/contract';
import { App } from './app/App.tsx';
import { pageMeta, type MetaKey, type PageMeta } from './app/meta.ts';
import { PRERENDERED } from './app/routes.tsx';

export { PRERENDERED };
export type { PageMeta };

/** Renders a path to HTML, waiting for every lazy page so the markup is complete. */
export async function render(url: string): Promise<{ html: string; lang: Lang }> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), lang: langFromPath(url) };
}

export function metaFor(key: MetaKey | undefined, lang: Lang): PageMeta {
  return pageMeta(key, lang);
}
