/**
 * Add one saved proxy, or edit one: its name, the create call's proxy fields (checked with the
 * contract's schemas as the environment form checks them) and a note. An edit sends only what
 * changed; an empty password keeps the saved one. The environments using the proxy follow an
 * edit, and the dialog says how many did.
 */
import { Alert, App as AntApp, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import {
  NO_PROXY,
  PROXY_TYPES,
  proxyFields,
  savedProxyFields,
  type ProxyType,
} from '@hainiao/contract';
import { useState } from 'react';
import { fill } from '../../shared/format.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import {
  createProxies,
  updateProxy,
  type SavedProxy,
  type SavedProxyBody,
} from '../../shared/saved-proxies/proxy-calls.ts';
import { schemaRule } from '../../shared/validate.ts';
import { proxiesCopy } from './locales.ts';

interface Values {
  Name: string;
  Proxy_Type: ProxyType;
  Proxy_Ip: string;
  Proxy_Port: number | null;
  Proxy_Username: string;
  Proxy_Password: string;
  Note: string;
}

const TYPES = PROXY_TYPES.filter((type) => type !== NO_PROXY);

function initial(proxy: SavedProxy | undefined): Values {
  return {
    Name: proxy?.Name ?? '',
    Proxy_Type: proxy?.Proxy_Type ?? 'HTTP',
    Proxy_Ip: proxy?.Proxy_Ip ?? '',
    Proxy_Port: proxy?.Proxy_Port ?? null,
    Proxy_Username: proxy?.Proxy_Username ?? '',
    // Never shown: an edit leaves it empty, which keeps the saved one.
    Proxy_Password: '',
    Note: proxy?.Note ?? '',
  };
}

/** The fields of an edit that differ from the saved proxy (a password only when one is typed). */
function changesOf(before: SavedProxy, after: Values): Partial<SavedProxyBody> {
  const changes: Partial<SavedProxyBody> = {};
  if (after.Name.trim() !== before.Name) changes.Name = after.Name.trim();
  if (after.Proxy_Type !== before.Proxy_Type) changes.Proxy_Type = after.Proxy_Type;
  if (after.Proxy_Ip.trim() !== before.Proxy_Ip) changes.Proxy_Ip = after.Proxy_Ip.trim();
  if (after.Proxy_Port !== before.Proxy_Port && after.Proxy_Port !== null) {
    changes.Proxy_Port = after.Proxy_Port;
  }
  if (after.Proxy_Username !== before.Proxy_Username) changes.Proxy_Username = after.Proxy_Username;
  if (after.Proxy_Password) changes.Proxy_Password = after.Proxy_Password;
  if (after.Note.trim() !== before.Note) changes.Note = after.Note.trim();
  return changes;
}

export function ProxyDialog(props: {
  open: boolean;
  /** The proxy to edit; none to add one. */
  proxy?: SavedProxy;
  onClose(): void;
  onSaved(): void;
}) {
  const { open, proxy, onClose, onSaved } = props;
  const t = useCopy(proxiesCopy);
  const lang = useLang();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const required = { required: true, whitespace: true, message: t.required };

  async function save() {
    setError(undefined);
    let values: Values;
    try {
      values = { ...initial(proxy), ...(await form.validateFields()) };
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (!proxy) {
        const [made] = await createProxies([
          {
            Name: values.Name.trim(),
            Proxy_Type: values.Proxy_Type,
            Proxy_Ip: values.Proxy_Ip.trim(),
            Proxy_Port: values.Proxy_Port ?? 0,
            ...(values.Proxy_Username ? { Proxy_Username: values.Proxy_Username } : {}),
            ...(values.Proxy_Password ? { Proxy_Password: values.Proxy_Password } : {}),
            ...(values.Note.trim() ? { Note: values.Note.trim() } : {}),
          },
        ]);
        message.success(fill(t.added, { name: made?.Name ?? values.Name }));
      } else {
        const changes = changesOf(proxy, values);
        if (Object.keys(changes).length === 0) {
          message.info(t.nothingChanged);
          onClose();
          return;
        }
        const updated = await updateProxy(proxy.Proxy_ID, changes);
        const count = updated.Session_ID.length;
        message.success(count ? fill(t.savedFollowed, { count }) : t.saved);
      }
      onSaved();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={proxy ? fill(t.editTitle, { name: proxy.Name }) : t.addTitle}
      okText={proxy ? t.save : t.create}
      cancelText={t.cancel}
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" initialValues={initial(proxy)} requiredMark={false}>
        {error && (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
        )}
        <Form.Item
          name="Name"
          label={t.name}
          rules={[required, schemaRule(savedProxyFields.Name, lang)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="Proxy_Type" label={t.proxyType}>
              <Select
                virtual={false}
                options={TYPES.map((type) => ({ value: type, label: type }))}
              />
            </Form.Item>
          </Col>
          <Col xs={16} sm={11}>
            <Form.Item
              name="Proxy_Ip"
              label={t.host}
              rules={[required, schemaRule(proxyFields.Proxy_Ip, lang)]}
            >
              <Input autoComplete="off" placeholder="203.0.113.10" />
            </Form.Item>
          </Col>
          <Col xs={8} sm={5}>
            <Form.Item
              name="Proxy_Port"
              label={t.port}
              rules={[
                { required: true, message: t.required },
                schemaRule(proxyFields.Proxy_Port, lang),
              ]}
            >
              <InputNumber style={{ width: '100%' }} controls={false} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="Proxy_Username" label={t.username}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="Proxy_Password" label={t.password}>
              <Input.Password
                autoComplete="new-password"
                placeholder={proxy?.Proxy_Password ? t.passwordKept : undefined}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Note" label={t.note} rules={[schemaRule(savedProxyFields.Note, lang)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
