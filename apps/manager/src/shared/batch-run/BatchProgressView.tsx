/** The progress of a batch: a bar, what was made, and each failure apart. */
import { Alert, Progress, Space, Typography } from 'antd';
import { format } from '@hainiao/contract';
import type { BatchProgressCopy } from './locales.ts';
import type { BatchProgress } from './run-batch.ts';
import './batch-run.css';

export function BatchProgressView<T>(props: {
  copy: BatchProgressCopy;
  progress: BatchProgress<T>;
  running: boolean;
  stopped: boolean;
  madeLabel: string;
  describeFailure(index: number, error: string): string;
  /** Each made one: what the list shows, and what its copy button copies (its id). */
  describeMade?(item: T): { label: string; copy: string };
}) {
  const { copy, progress, running, stopped } = props;
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="batch-progress">
      <Progress
        percent={percent}
        status={running ? 'active' : progress.failed.length ? 'exception' : 'success'}
        format={() => format(copy.progress, { done: progress.done, total: progress.total })}
      />
      <Typography.Text data-testid="batch-made">{props.madeLabel}</Typography.Text>
      {props.describeMade && progress.succeeded.length > 0 && (
        <div className="batch__made">
          {progress.succeeded.map((item, i) => {
            const made = props.describeMade!(item);
            return (
              <Typography.Text
                key={i}
                copyable={{ text: made.copy, tooltips: [made.copy, copy.idCopied] }}
              >
                {made.label}
              </Typography.Text>
            );
          })}
        </div>
      )}
      {progress.failed.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="batch-failed"
          title={format(copy.failed, { count: progress.failed.length })}
          description={
            <ul className="batch__failures">
              {progress.failed.map((f) => (
                <li key={f.index}>{props.describeFailure(f.index, f.error)}</li>
              ))}
            </ul>
          }
        />
      )}
      {stopped && <Alert type="warning" showIcon title={copy.stopped} />}
      {!running && !stopped && progress.done === progress.total && (
        <Typography.Text type="secondary">{copy.finished}</Typography.Text>
      )}
    </Space>
  );
}
