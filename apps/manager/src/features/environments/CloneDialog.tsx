/** Clones one environment: how many copies, their name, and whether cookies go with them. */
import { CLONE_MAX } from '@hainiao/contract';
import { Alert, App as AntApp, Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useCopy } from '../../shared/lang.tsx';
import { fill } from '../../shared/format.ts';
import { errorText } from '../../shared/ui/errors.ts';
import { cloneEnvironment } from './organize-calls.ts';
import { organizeCopy } from './organize-locales.ts';

export function CloneDialog(props: {
  source: { id: string; name: string } | undefined;
  onClose(): void;
  onCloned(): void;
}) {
  const { source, onClose, onCloned } = props;
  const t = useCopy(organizeCopy);
  const { message } = AntApp.useApp();
  const [count, setCount] = useState(1);
  const [name, setName] = useState('');
  const [copyCookies, setCopyCookies] = useState(false);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setCount(1);
    setName('');
    setCopyCookies(false);
    onClose();
  };
  return (
    <Modal
      open={source !== undefined}
      title={fill(t.cloneTitle, { name: source?.name ?? '' })}
      okText={t.cloneOk}
      okButtonProps={{ loading: saving }}
      onCancel={close}
      destroyOnHidden
      onOk={async () => {
        if (!source) return;
        setSaving(true);
        try {
          const copies = await cloneEnvironment(source.id, { count, copyCookies, name });
          void message.success(
            fill(t.cloned, {
              count: copies.length,
              names: copies.map((copy) => copy.Session_Name).join(', '),
            }),
          );
          close();
          onCloned();
        } catch (error) {
          void message.error(errorText(error));
        } finally {
          setSaving(false);
        }
      }}
    >
      <Alert type="info" showIcon title={t.cloneNote} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t.cloneCount}>
          <InputNumber
            aria-label={t.cloneCount}
            min={1}
            max={CLONE_MAX}
            precision={0}
            value={count}
            onChange={(value) => setCount(Math.max(1, Math.min(CLONE_MAX, value ?? 1)))}
          />
        </Form.Item>
        <Form.Item label={t.cloneName} extra={fill(t.cloneNameHint, { name: source?.name ?? '' })}>
          <Input
            aria-label={t.cloneName}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
          />
        </Form.Item>
        <Form.Item extra={t.cloneCookiesHint}>
          <Checkbox
            checked={copyCookies}
            onChange={(event) => setCopyCookies(event.target.checked)}
          >
            {t.cloneCookies}
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
