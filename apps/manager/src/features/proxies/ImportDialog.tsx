/**
 * Import the list a provider gave: paste vendor lines, see each one as it will be saved (its
 * name) or what is wrong with it, then save the good ones in one call. A line that is no proxy,
 * a proxy saved already and a repeated proxy are not saved, and the dialog says so before.
 */
import { Alert, Button, Input, Modal, Select, Space, Typography } from 'antd';
import type { ProxyType } from '@hainiao/contract';
import { useMemo, useState } from 'react';
import { fill } from '../../shared/format.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { LINE_TYPES } from '../../shared/proxy/proxy-lines.ts';
import { createProxies, type SavedProxy } from '../../shared/saved-proxies/proxy-calls.ts';
import { importLines } from './import-lines.ts';
import { proxiesCopy } from './locales.ts';

export function ImportDialog(props: {
  open: boolean;
  saved: readonly SavedProxy[];
  onClose(): void;
  /** The proxies saved, in the order of their lines. */
  onSaved(made: SavedProxy[]): void;
}) {
  const { open, saved, onClose, onSaved } = props;
  const t = useCopy(proxiesCopy);
  const lang = useLang();
  const [text, setText] = useState('');
  const [lineType, setLineType] = useState<ProxyType>('HTTP');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  // Each opening starts afresh (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText('');
      setError(undefined);
    }
  }

  const lines = useMemo(
    () => importLines(text, lineType, saved, t, lang),
    [text, lineType, saved, t, lang],
  );
  const good = lines.flatMap((l) => (l.ok ? [l.proxy] : []));
  const bad = lines.length - good.length;

  async function save() {
    setError(undefined);
    setSaving(true);
    try {
      onSaved(await createProxies(good));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t.importTitle}
      onCancel={saving ? undefined : onClose}
      destroyOnHidden
      width={680}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>
          {t.cancel}
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={good.length === 0}
          loading={saving}
          onClick={() => void save()}
        >
          {fill(t.saveN, { count: good.length })}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t.importIntro}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t.lines}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 5, maxRows: 12 }}
          placeholder={t.linesPlaceholder}
          spellCheck={false}
        />
        <Space>
          <Typography.Text>{t.lineType}</Typography.Text>
          <Select<ProxyType>
            aria-label={t.lineType}
            value={lineType}
            onChange={setLineType}
            style={{ width: 140 }}
            options={LINE_TYPES.map((type) => ({ value: type, label: type.toLowerCase() }))}
          />
        </Space>
        {lines.length > 0 && (
          <ul className="proxy-import__lines" data-testid="import-lines">
            {lines.map((l) =>
              l.ok ? (
                <li key={l.line}>
                  <Typography.Text type="success">
                    {fill(t.lineOk, {
                      line: l.line,
                      type: l.proxy.Proxy_Type,
                      host: l.proxy.Proxy_Ip,
                      port: l.proxy.Proxy_Port,
                      name: l.proxy.Name,
                    })}
                  </Typography.Text>
                </li>
              ) : (
                <li key={l.line}>
                  <Typography.Text type="danger">
                    {fill(t.lineError, { line: l.line, problem: l.problem })}
                  </Typography.Text>
                </li>
              ),
            )}
          </ul>
        )}
        {bad > 0 && (
          <Typography.Text type="warning">{fill(t.skipped, { count: bad })}</Typography.Text>
        )}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Space>
    </Modal>
  );
}
