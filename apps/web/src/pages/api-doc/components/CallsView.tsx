import type { ApiDocSlug } from '@hainiao/contract';
import { useLang } from '../../../shared/useLang.ts';
import type { DocPageData } from '../types.ts';
import { CallSection } from './CallSection.tsx';
import { DocArticle } from './DocArticle.tsx';
import { useDocCopy } from './useDocCopy.ts';

/** A reference page: every call of its areas, in the contract's order. */
export function CallsView({ slug, data }: { slug: ApiDocSlug; data: DocPageData }) {
  const lang = useLang();
  const copy = useDocCopy();
  const calls = data.calls ?? [];
  return (
    <DocArticle
      slug={slug}
      lead={copy.pageDescriptions[slug]}
      toc={calls.map((call) => ({ id: call.anchor, title: call.title[lang] }))}
    >
      {calls.map((call) => (
        <CallSection key={call.path} call={call} />
      ))}
    </DocArticle>
  );
}
