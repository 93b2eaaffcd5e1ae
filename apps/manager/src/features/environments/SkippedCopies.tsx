/**
 * Copies pulled from the cloud that this machine refused to apply (issue 24: a share is untrusted
 * input): which environment, whose, and why, with a way to leave the share. The service keeps the
 * list (GET /manager/state `syncSkipped`); a later usable version clears it by itself.
 */
import { Alert, Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../shared/api.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { useAuth } from '../../shared/auth.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { envCopy, fill } from './locales.ts';
import { skippedReasonText } from './skipped-reason.ts';

export function SkippedCopies({ onLeft }: { onLeft: () => void }) {
  const t = useCopy(envCopy);
  const lang = useLang();
  const { state, refresh } = useAuth();
  const [leaving, setLeaving] = useState<string>();
  const [error, setError] = useState<string>();
  // The list changes with the service's pulls: read it again when the page opens.
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const skipped = state?.syncSkipped ?? [];
  if (skipped.length === 0) return null;

  async function leave(envId: string) {
    setLeaving(envId);
    setError(undefined);
    try {
      await call('/api/v1/session/delete', { Session_ID: [envId] });
      await refresh();
      onLeft();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setLeaving(undefined);
    }
  }

  return (
    <Flex vertical gap={8} className="env-page__skipped">
      {skipped.map((copy) => (
        <Alert
          key={copy.envId}
          type="warning"
          showIcon
          message={fill(t.skippedTitle, { owner: copy.owner, id: copy.envId })}
          description={fill(t.skippedReason, { reason: skippedReasonText(copy.reason, lang) })}
          action={
            <Button
              size="small"
              loading={leaving === copy.envId}
              onClick={() => void leave(copy.envId)}
            >
              {t.skippedLeave}
            </Button>
          }
        />
      ))}
      {error && <Alert type="error" showIcon message={error} />}
    </Flex>
  );
}
