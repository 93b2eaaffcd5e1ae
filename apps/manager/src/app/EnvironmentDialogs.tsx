/**
 * The dialogs the environments table opens, of other features: the create/edit form and cookies
 * (features/environment-form), the batch dialogs (features/batch), the Share dialog
 * (features/share). Export downloads at once.
 */
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { BatchCreateDialog, ProxyImportDialog } from '../features/batch/index.ts';
import {
  CookieImportDialog,
  EnvironmentFormDrawer,
  exportCookies,
} from '../features/environment-form/index.ts';
import type { EnvironmentDialogsProps } from '../features/environments/dialogs.ts';
import { ShareDialog, type ShareTarget } from '../features/share/index.ts';
import { errorText } from '../shared/ui/errors.ts';

const NO_TARGETS: ShareTarget[] = [];

export function EnvironmentDialogs(props: EnvironmentDialogsProps) {
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
