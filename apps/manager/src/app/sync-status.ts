/**
 * The header's word on cloud sync (GET /manager/state `sync`): how many changes of this account
 * wait to go up, or when this machine last held everything the cloud had, in the reader's words
 * and clock (docs/sync-and-sharing.md).
 */
import { fill } from '../shared/format.ts';
import type { UiLang } from '../shared/lang.tsx';

export const syncCopy = {
  en: {
    pending: '{pending} {pending|change|changes} waiting to upload',
    pendingHint:
      'Made on this machine and not yet in the cloud: they go up as soon as the cloud answers.',
    synced: 'Synced {time}',
    syncedHint: 'This machine has everything the cloud had at {time}, and nothing waits to go up.',
  },
  zh: {
    pending: '{pending} 项更改等待上传',
    pendingHint: '这些更改是在本机做出的，尚未同步到云端；云端恢复响应后会立即上传。',
    synced: '已同步 {time}',
    syncedHint: '本机已拥有云端截至 {time} 的全部数据，没有等待上传的更改。',
  },
} as const;

export interface SyncView {
  text: string;
  hint: string;
  waiting: boolean;
}

/** What to show for `sync`, or undefined before the first round of this login has ended. */
export function syncView(
  sync: { pending: number; syncedAt: string | null } | undefined,
  lang: UiLang,
  locale: string = lang === 'zh' ? 'zh-CN' : navigator.language || 'en',
): SyncView | undefined {
  if (!sync) return undefined;
  const t = syncCopy[lang];
  if (sync.pending > 0) {
    return { text: fill(t.pending, { pending: sync.pending }), hint: t.pendingHint, waiting: true };
  }
  if (!sync.syncedAt) return undefined;
  const at = new Date(sync.syncedAt);
  if (Number.isNaN(at.getTime())) return undefined;
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return { text: fill(t.synced, { time }), hint: fill(t.syncedHint, { time }), waiting: false };
}
