/**
 * The create/edit form, the batch dialogs and the Share dialog (features/environment-form,
 * features/batch, features/share), opened from the table's toolbar and row menus. Export
 * downloads at once.
 */
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import {
  BatchCreateDialog,
  CookieImportDialog,
  exportCookies,
  ProxyImportDialog,
} from '../batch/index.ts';
import { EnvironmentFormDrawer } from '../environment-form/index.ts';
import { ShareDialog, type ShareTarget } from '../share/index.ts';
import { errorText } from '../../shared/ui/errors.ts';

export type DialogRequest =
  | { kind: 'create' }
  | { kind: 'edit'; id: string }
  | { kind: 'batch' }
  /** No ids: one new environment per line. */
  | { kind: 'proxies'; ids: string[] }
  /** `leftOut`: selected environments shared with the account (only their owner shares them). */
  | { kind: 'share'; targets: ShareTarget[]; leftOut: number }
  | { kind: 'cookies'; id: string }
  | { kind: 'export'; id: string };

const NO_TARGETS: ShareTarget[] = [];

export function EnvironmentDialogs(props: {
  request: DialogRequest | undefined;
  onClose(): void;
  onChanged(): void;
}) {
  const { request, onClose, onChanged } = props;
  const { message } = AntApp.useApp();

  useEffect(() => {
    if (request?.kind !== 'export') return;
    exportCookies(request.id)
      .catch((error: unknown) => void message.error(errorText(error)))
      .finally(onClose);
  }, [request, message, onClose]);

  const done = () => {
    onClose();
    onChanged();
  };
  return (
    <>
      <EnvironmentFormDrawer
        open={request?.kind === 'create' || request?.kind === 'edit'}
        environmentId={request?.kind === 'edit' ? request.id : undefined}
        onClose={onClose}
        onSaved={done}
      />
      <BatchCreateDialog open={request?.kind === 'batch'} onClose={onClose} onDone={done} />
      <ProxyImportDialog
        open={request?.kind === 'proxies'}
        selectedIds={request?.kind === 'proxies' ? request.ids : []}
        onClose={onClose}
        onDone={done}
      />
      <ShareDialog
        open={request?.kind === 'share'}
        targets={request?.kind === 'share' ? request.targets : NO_TARGETS}
        leftOut={request?.kind === 'share' ? request.leftOut : 0}
        onClose={onClose}
        onChanged={done}
      />
      <CookieImportDialog
        open={request?.kind === 'cookies'}
        environmentId={request?.kind === 'cookies' ? request.id : ''}
        onClose={onClose}
      />
    </>
  );
}
