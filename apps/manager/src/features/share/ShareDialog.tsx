/**
 * Share one environment, or several at once, with other accounts: who it is shared with now
 * (id_container's Share_Username), add an account by name (the service's message when it refuses,
 * e.g. an unknown account), remove one after a confirmation. Only environments the signed-in
 * account manages come here; those shared with it are left out by the caller and counted.
 */
import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { format } from '@hainiao/contract';
import {
  Alert,
  App as AntApp,
  Button,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useCopy } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { shareCopy } from './locales.ts';
import { audienceOf, type Audience } from './audience.ts';
import { changeShare, sharesOf, type ShareOutcome } from './share-calls.ts';
import './share.css';

export interface ShareTarget {
  id: string;
  name: string;
}

export interface ShareDialogProps {
  open: boolean;
  /** The environments to share (the signed-in account's own, or its team's). */
  targets: ShareTarget[];
  /** How many of the selection were shared with the account (not shareable by it). */
  leftOut?: number;
  onClose(): void;
  /** Closing after a share or unshare went through (the table may show it differently). */
  onChanged(): void;
}

export function ShareDialog({ open, targets, leftOut = 0, onClose, onChanged }: ShareDialogProps) {
  const copy = useCopy(shareCopy);
  const { message } = AntApp.useApp();
  const inputId = useId();
  const [shares, setShares] = useState<Map<string, string[]>>();
  const [loadError, setLoadError] = useState<string>();
  const [version, setVersion] = useState(0);
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<string>();
  const [failures, setFailures] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [changed, setChanged] = useState(false);
  // Each opening starts afresh (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setShares(undefined);
      setLoadError(undefined);
      setAccount('');
      setProblem(undefined);
      setFailures([]);
      setChanged(false);
    }
  }

  const key = targets.map((t) => t.id).join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const nameOf = useMemo(() => new Map(targets.map((t) => [t.id, t.name || t.id])), [targets]);

  useEffect(() => {
    if (!open || !ids.length) return;
    let live = true;
    sharesOf(ids)
      .then((found) => {
        if (!live) return;
        setShares(found);
        setLoadError(undefined);
      })
      .catch((error: unknown) => live && setLoadError(errorText(error)));
    return () => {
      live = false;
    };
  }, [open, ids, version]);

  const audience = useMemo(() => (shares ? audienceOf(shares) : []), [shares]);

  /** What failed: under the field when it is one reason (an unknown account), else a list. */
  function reportFailures(outcome: ShareOutcome): void {
    const reasons = new Set(outcome.failed.map((f) => f.reason));
    if (
      outcome.failed.length &&
      (ids.length === 1 || (!outcome.done.length && reasons.size === 1))
    ) {
      setProblem(outcome.failed[0]?.reason);
    } else {
      setFailures(
        outcome.failed.map((f) =>
          format(copy.failure, { name: nameOf.get(f.id) ?? f.id, reason: f.reason }),
        ),
      );
    }
  }

  async function add() {
    const name = account.trim();
    setProblem(undefined);
    setFailures([]);
    if (!name) {
      setProblem(copy.emptyAccount);
      return;
    }
    const todo = ids.filter((id) => !(shares?.get(id) ?? []).includes(name));
    if (!todo.length) {
      setProblem(format(copy.alreadyShared, { account: name }));
      return;
    }
    setAdding(true);
    try {
      const outcome = await changeShare('share', todo, name);
      if (outcome.done.length) {
        setChanged(true);
        setAccount('');
        void message.success(
          outcome.failed.length
            ? format(copy.sharedSome, {
                account: name,
                done: outcome.done.length,
                total: todo.length,
              })
            : format(copy.shared, { account: name }),
        );
      }
      reportFailures(outcome);
    } finally {
      setAdding(false);
      setVersion((v) => v + 1);
    }
  }

  async function remove(who: Audience) {
    setProblem(undefined);
    setFailures([]);
    try {
      const outcome = await changeShare('unshare', who.ids, who.account);
      if (outcome.done.length) {
        setChanged(true);
        void message.success(format(copy.unshared, { account: who.account }));
      }
      if (outcome.failed.length) {
        setFailures(
          outcome.failed.map((f) =>
            format(copy.failure, { name: nameOf.get(f.id) ?? f.id, reason: f.reason }),
          ),
        );
      }
    } finally {
      setVersion((v) => v + 1);
    }
  }

  const finish = () => (changed ? onChanged() : onClose());
  const title =
    targets.length === 1
      ? format(copy.titleOne, { name: targets[0]?.name || targets[0]?.id || '' })
      : format(copy.titleMany, { count: targets.length });

  return (
    <Modal
      open={open}
      title={title}
      onCancel={finish}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="close" onClick={finish}>
          {copy.close}
        </Button>,
      ]}
    >
      <Space orientation="vertical" size="middle" className="share">
        {targets.length > 1 && (
          <Alert type="info" showIcon title={format(copy.manyNote, { count: targets.length })} />
        )}
        {leftOut > 0 && (
          <Alert type="warning" showIcon title={format(copy.leftOut, { count: leftOut })} />
        )}
        <div>
          <label htmlFor={inputId} className="share__label">
            {copy.accountLabel}
          </label>
          <Space.Compact className="share__add">
            <Input
              id={inputId}
              value={account}
              status={problem ? 'error' : undefined}
              placeholder={copy.accountPlaceholder}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => {
                setAccount(event.target.value);
                setProblem(undefined);
              }}
              onPressEnter={() => void add()}
            />
            <Button type="primary" loading={adding} disabled={!shares} onClick={() => void add()}>
              {copy.share}
            </Button>
          </Space.Compact>
          {problem ? (
            <Typography.Text type="danger" role="alert" className="share__hint">
              {problem}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" className="share__hint">
              {copy.addHelp}
            </Typography.Text>
          )}
        </div>
        {failures.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={copy.failures}
            description={
              <ul className="share__failures">
                {failures.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            }
          />
        )}
        <div>
          <Typography.Text strong>{copy.sharedWith}</Typography.Text>
          {loadError ? (
            <Alert
              type="error"
              showIcon
              title={copy.loadFailed}
              description={loadError}
              className="share__load-error"
            />
          ) : !shares ? (
            <div className="share__loading">
              <Spin size="small" />{' '}
              <Typography.Text type="secondary">{copy.loading}</Typography.Text>
            </div>
          ) : audience.length === 0 ? (
            <Typography.Paragraph type="secondary" className="share__nobody">
              {copy.nobody}
            </Typography.Paragraph>
          ) : (
            <ul className="share__list" data-testid="share-list">
              {audience.map((who) => (
                <li key={who.account} className="share__row">
                  <UserOutlined aria-hidden />
                  <span className="share__account">{who.account}</span>
                  {targets.length > 1 && (
                    <Tag>
                      {format(copy.onSome, { count: who.ids.length, total: targets.length })}
                    </Tag>
                  )}
                  <Popconfirm
                    title={format(copy.removeTitle, { account: who.account })}
                    description={<div className="share__confirm">{copy.removeBody}</div>}
                    okText={copy.removeOk}
                    cancelText={copy.cancel}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(who)}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${copy.remove} ${who.account}`}
                      className="share__remove"
                    >
                      {copy.remove}
                    </Button>
                  </Popconfirm>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Space>
    </Modal>
  );
}
