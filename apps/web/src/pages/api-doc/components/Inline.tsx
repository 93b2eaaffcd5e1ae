import { Fragment } from 'react';
import { Link } from '../../../shared/router.ts';
import { useLocalize } from '../../../shared/useLang.ts';

/** `code`, **bold** and [links](/api/doc/…): the inline markup of the documentation copy. */
const TOKEN = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

/** Renders a line of copy; site paths are shown in the page's language. */
export function Inline({ text }: { text: string }) {
  const localize = useLocalize();
  return (
    <>
      {text.split(TOKEN).map((part, index) => {
        if (index % 2 === 0) return part ? <Fragment key={index}>{part}</Fragment> : null;
        if (part.startsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
        if (part.startsWith('`')) return <code key={index}>{part.slice(1, -1)}</code>;
        const [, label = '', href = ''] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part) ?? [];
        return href.startsWith('/') ? (
          <Link key={index} to={localize(href)}>
            {label}
          </Link>
        ) : (
          <a key={index} href={href}>
            {label}
          </a>
        );
      })}
    </>
  );
}
