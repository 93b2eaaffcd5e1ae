import type { ApiDocSlug } from '@hainiao/contract';
import { apiDocPages, type ProseSlug } from '../../../locales/pages/api-doc-pages.ts';
import { useCopy } from '../../../shared/useCopy.ts';
import type { Block, DocPageData } from '../types.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { DocArticle, DocSection } from './DocArticle.tsx';
import { Generated } from './Generated.tsx';
import { Inline } from './Inline.tsx';

function BlockView({ block, data }: { block: Block; data: DocPageData }) {
  if ('p' in block) {
    return (
      <p>
        <Inline text={block.p} />
      </p>
    );
  }
  if ('list' in block) {
    const items = block.list.map((item) => (
      <li key={item}>
        <Inline text={item} />
      </li>
    ));
    return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
  }
  if ('code' in block)
    return <CodeBlock code={block.code} language={block.language} title={block.title} />;
  if ('note' in block) {
    return (
      <p className={block.tone === 'warn' ? 'doc-note doc-note--warn' : 'doc-note'}>
        <Inline text={block.note} />
      </p>
    );
  }
  if ('table' in block) {
    return (
      <div className="doc-table-wrap">
        <table className="doc-table">
          <thead>
            <tr>
              {block.table.head.map((cell) => (
                <th key={cell} scope="col">
                  <Inline text={cell} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, index) => (
                  <td key={index}>
                    <Inline text={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return <Generated block={block.generated} data={data} />;
}

/** A hand-written page: its copy's sections, with generated blocks filled from the page data. */
export function ProseView({ slug, data }: { slug: ApiDocSlug & ProseSlug; data: DocPageData }) {
  const page = useCopy(apiDocPages)[slug];
  return (
    <DocArticle
      slug={slug}
      lead={page.lead}
      toc={page.sections.map((section) => ({ id: section.id, title: section.title }))}
    >
      {page.sections.map((section) => (
        <DocSection key={section.id} id={section.id} title={section.title}>
          {section.blocks.map((block, index) => (
            <BlockView key={index} block={block} data={data} />
          ))}
        </DocSection>
      ))}
    </DocArticle>
  );
}
