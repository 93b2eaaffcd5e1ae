/**
 * A newer client is published (issue 31): a notice under the frame's header with the site's
 * download page in the reader's language. It blocks nothing, and a user who closes it does not see
 * it again for that version (remembered in this browser); a later version shows it anew.
 */
import { localizePath } from '@hainiao/contract';
import { Alert } from 'antd';
import { useState } from 'react';
import { fill } from '../shared/format.ts';
import { useCopy, useLang, type UiLang } from '../shared/lang.tsx';
import { useRunning } from '../shared/running.tsx';
import { remember, remembered } from '../shared/storage.ts';
import { shellCopy } from './locales.ts';

const DISMISSED_KEY = 'update-dismissed';
const isText = (value: unknown): value is string => typeof value === 'string';

/** The download page in `lang` (`/zh/download` in Chinese); nothing but a web page is linked. */
function downloadPage(url: string, lang: UiLang): string | undefined {
  try {
    const page = new URL(url);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return undefined;
    page.pathname = localizePath(page.pathname, lang);
    return page.href;
  } catch {
    return undefined;
  }
}

export function UpdateNotice() {
  const t = useCopy(shellCopy);
  const lang = useLang();
  const { update } = useRunning();
  const [dismissed, setDismissed] = useState(() => remembered(DISMISSED_KEY, '', isText));
  if (!update?.newer || !update.latest || update.latest === dismissed) return null;
  const latest = update.latest;
  const href = downloadPage(update.downloadUrl, lang);
  return (
    <Alert
      type="info"
      banner
      data-testid="update-notice"
      title={
        <>
          {fill(t.updateAvailable, { latest, current: update.current })}{' '}
          {href && (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {t.updateDownload}
            </a>
          )}
        </>
      }
      closable={{
        'aria-label': t.updateDismiss,
        onClose: () => {
          remember(DISMISSED_KEY, latest);
          setDismissed(latest);
        },
      }}
    />
  );
}
