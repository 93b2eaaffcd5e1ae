/**
 * Paste proxy lines (`host:port`, `host:port:user:pass`, `user:pass@host:port`,
 * `type://user:pass@host:port`; lines without a type have the type chosen in the dialog, HTTP
 * unless changed); each is parsed and checked as it is typed,
 * with its own error. With environments selected, line n goes to the n-th selected one
 * (proxy/update); with none, each line creates an environment with that proxy. The dialog says
 * which of the two will happen before anything is sent.
 */
import { Alert, Button, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { format, type ProxyType } from '@hainiao/contract';
import { useMemo, useState } from 'react';
import { call } from '../../shared/api.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { BatchProgressView } from '../../shared/batch-run/BatchProgressView.tsx';
import { budgetOf } from '../../shared/batch-run/pacer.ts';
import { useBatchRun } from '../../shared/batch-run/useBatchRun.tsx';
import {
  LINE_TYPES,
  parseProxyLines,
  problemText,
  type ProxyLine,
} from '../../shared/proxy/proxy-lines.ts';
import { lineAssignBody, lineCreateBody, pairLines } from './batch-bodies.ts';
import { batchCopy } from './locales.ts';
import './batch.css';

export interface ProxyImportDialogProps {
  open: boolean;
  selectedIds: string[];
  onClose(): void;
  onDone(): void;
}

const UPDATE = '/api/v1/session/proxy/update';
const CREATE = '/api/v1/session/create';

export function ProxyImportDialog({ open, selectedIds, onClose, onDone }: ProxyImportDialogProps) {
  const copy = useCopy(batchCopy);
  const lang = useLang();
  const [text, setText] = useState('');
  const [check, setCheck] = useState(false);
  const [lineType, setLineType] = useState<ProxyType>('HTTP');
  const batch = useBatchRun<number>(copy);
  const { progress, running, stopped } = batch;
  // The selection when the dialog opened: the table may change behind an open dialog.
  const [ids, setIds] = useState<string[]>(selectedIds);
  // Each opening starts afresh (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText('');
      batch.reset();
      setIds(selectedIds);
    }
  }

  const parsed = useMemo(() => parseProxyLines(text, lineType), [text, lineType]);
  const good = parsed.flatMap((p) => (p.ok ? [{ line: p.line, proxy: p.proxy }] : []));
  const bad = parsed.length - good.length;
  const assign = ids.length > 0;
  const { pairs, surplus, shortfall } = pairLines(ids, good);
  const planned = assign ? pairs.length : good.length;

  async function start() {
    const jobs: { line: number; send(): Promise<unknown> }[] = assign
      ? pairs.map(({ id, line }) => ({
          line: line.line,
          send: () => call(UPDATE, lineAssignBody(id, line.proxy, check)),
        }))
      : good.map(({ line, proxy }) => ({
          line,
          send: () => call(CREATE, lineCreateBody(proxy as ProxyLine, check)),
        }));
    const result = await batch.run({
      total: jobs.length,
      budget: budgetOf(assign ? UPDATE : CREATE),
      run: async (index) => {
        const job = jobs[index]!;
        await job.send();
        return job.line;
      },
    });
    // Failures are reported by line number, not by position in the batch.
    batch.setProgress({
      ...result,
      failed: result.failed.map((f) => ({ ...f, index: jobs[f.index]?.line ?? f.index })),
    });
  }

  // The results stay on screen until the user closes them; then the table reloads.
  const finish = () => (progress ? onDone() : onClose());

  const blocked = parsed.length === 0 || bad > 0 || planned === 0;
  const footer = progress
    ? batch.footer(finish)
    : [
        <Button key="cancel" onClick={onClose}>
          {copy.cancel}
        </Button>,
        <Button key="go" type="primary" disabled={blocked} onClick={start}>
          {format(assign ? copy.assignN : copy.createFromLines, { count: planned })}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={copy.proxyTitle}
      onCancel={running ? undefined : finish}
      closable={!running}
      mask={{ closable: !running }}
      destroyOnHidden
      footer={footer}
      width={680}
    >
      {progress ? (
        <BatchProgressView
          copy={copy}
          progress={progress}
          running={running}
          stopped={stopped}
          madeLabel={format(assign ? copy.assigned : copy.made, {
            count: progress.succeeded.length,
          })}
          describeFailure={(line, error) => format(copy.lineFailed, { line, error })}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            data-testid="proxy-import-mode"
            title={assign ? format(copy.proxyAssign, { count: ids.length }) : copy.proxyCreate}
          />
          <Input.TextArea
            aria-label={copy.lines}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 5, maxRows: 12 }}
            placeholder={copy.linesPlaceholder}
            spellCheck={false}
          />
          <Space>
            <Typography.Text>{copy.lineType}</Typography.Text>
            <Select<ProxyType>
              aria-label={copy.lineType}
              value={lineType}
              onChange={setLineType}
              style={{ width: 140 }}
              options={LINE_TYPES.map((type) => ({ value: type, label: type.toLowerCase() }))}
            />
          </Space>
          {parsed.length > 0 && (
            <ul className="batch__lines" data-testid="proxy-lines">
              {parsed.map((p) =>
                p.ok ? (
                  <li key={p.line}>
                    <Typography.Text type="success">
                      {p.line}.{' '}
                      {format(copy.lineOk, {
                        type: p.proxy.Proxy_Type,
                        host: p.proxy.Proxy_Ip,
                        port: p.proxy.Proxy_Port,
                      })}
                    </Typography.Text>
                  </li>
                ) : (
                  <li key={p.line}>
                    <Typography.Text type="danger">
                      {format(copy.lineError, {
                        line: p.line,
                        problem: problemText(p.problem, lang),
                      })}
                    </Typography.Text>
                  </li>
                ),
              )}
            </ul>
          )}
          {bad > 0 && <Typography.Text type="danger">{copy.fixLines}</Typography.Text>}
          {assign && surplus > 0 && (
            <Typography.Text type="warning">
              {format(copy.surplus, { count: surplus })}
            </Typography.Text>
          )}
          {assign && shortfall > 0 && good.length > 0 && (
            <Typography.Text type="warning">
              {format(copy.shortfall, { count: shortfall })}
            </Typography.Text>
          )}
          <Space align="start">
            <Switch checked={check} onChange={setCheck} aria-label={copy.checkProxy} />
            <div>
              <Typography.Text strong>{copy.checkProxy}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{copy.checkProxyHelp}</Typography.Text>
            </div>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
