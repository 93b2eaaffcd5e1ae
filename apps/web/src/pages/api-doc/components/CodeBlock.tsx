import { useEffect, useRef, useState } from 'react';
import { useDocCopy } from './useDocCopy.ts';

/** Writes text to the clipboard; falls back to a selected text area where the API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  area.remove();
  return done;
}

/** A block of code with its language (or title) and a copy button. */
export function CodeBlock({
  code,
  language,
  title,
}: {
  code: string;
  language: string;
  title?: string;
}) {
  const copy = useDocCopy();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const label =
    state === 'copied' ? copy.copy.copied : state === 'failed' ? copy.copy.failed : copy.copy.copy;
  return (
    <div className="doc-code">
      <div className="doc-code__bar">
        <span className="doc-code__title">{title ?? language}</span>
        <button
          type="button"
          className="doc-code__copy"
          onClick={async () => {
            setState((await copyText(code)) ? 'copied' : 'failed');
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => setState('idle'), 2000);
          }}
        >
          <span aria-live="polite">{label}</span>
        </button>
      </div>
      <pre tabIndex={0}>
        <code className={`language-${language}`}>{code}</code>
      </pre>
    </div>
  );
}
