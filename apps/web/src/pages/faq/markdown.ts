import MarkdownIt from 'markdown-it';
import { localizePath, type Lang } from '@hainiao/contract';

type Renderer = InstanceType<typeof MarkdownIt>;

/**
 * FAQ markdown to HTML, safely: raw HTML in the source is escaped (never rendered), links with
 * unsafe schemes (javascript:, vbscript:, file:, most data:) are refused by markdown-it's link
 * validation. Site links get the page's language prefix, external links open in a new tab, and
 * tables scroll sideways on small screens.
 */
function createRenderer(lang: Lang): Renderer {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  const defaultRender = md.renderer.renderToken.bind(md.renderer);

  md.renderer.rules.link_open = (tokens, index: number, options, _env, self) => {
    const token = tokens[index]!;
    const href = String(token.attrGet('href') ?? '');
    if (/^\/(?!\/)/.test(href)) {
      token.attrSet('href', localizePath(href, lang));
    } else if (/^https?:\/\//i.test(href)) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return self.renderToken(tokens, index, options);
  };
  md.renderer.rules.table_open = (tokens, index: number, options) =>
    `<div class="table-scroll">${defaultRender(tokens, index, options)}`;
  md.renderer.rules.table_close = (tokens, index: number, options) =>
    `${defaultRender(tokens, index, options)}</div>`;
  return md;
}

const renderers = new Map<Lang, Renderer>();

export function renderMarkdown(markdown: string, lang: Lang): string {
  let md = renderers.get(lang);
  if (!md) {
    md = createRenderer(lang);
    renderers.set(lang, md);
  }
  return md.render(markdown);
}
