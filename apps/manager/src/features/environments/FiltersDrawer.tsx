/** Every listid filter in one panel, plus the running state. */
import { PROXY_TYPES, type ProxyType } from '@hainiao/contract';
import { Button, Checkbox, DatePicker, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { groupOptions } from '../../shared/groups.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { envCopy } from './locales.ts';
import { NO_FILTERS, type Filters, type RunFilter } from './model.ts';

interface FormValues {
  group?: string;
  proxyType?: ProxyType;
  proxyIp?: string;
  comment?: string;
  userAgent?: string;
  owner?: string;
  run: RunFilter;
  created?: [Dayjs, Dayjs] | null;
  updated?: [Dayjs, Dayjs] | null;
  withWebAccount?: boolean;
  webAccount?: string;
  received?: boolean;
  receivedFrom?: string;
  sent?: boolean;
  sentTo?: string;
  withPlugin?: boolean;
  pluginId?: string;
  withScript?: boolean;
  scriptId?: string;
}

const DAY = 'YYYY-MM-DD';
const range = (value?: [string, string]): [Dayjs, Dayjs] | undefined =>
  value ? [dayjs(value[0]), dayjs(value[1])] : undefined;

function toForm(filters: Filters): FormValues {
  return {
    group: filters.group,
    proxyType: filters.proxyType,
    proxyIp: filters.proxyIp,
    comment: filters.comment,
    userAgent: filters.userAgent,
    owner: filters.owner,
    run: filters.run,
    created: range(filters.created),
    updated: range(filters.updated),
    withWebAccount: Boolean(filters.webAccount),
    webAccount: filters.webAccount?.site,
    received: Boolean(filters.received),
    receivedFrom: filters.received?.from,
    sent: Boolean(filters.sent),
    sentTo: filters.sent?.to,
    withPlugin: Boolean(filters.plugin),
    pluginId: filters.plugin?.id,
    withScript: Boolean(filters.script),
    scriptId: filters.script?.id,
  };
}

function fromForm(values: FormValues, name: string): Filters {
  const days = (value?: [Dayjs, Dayjs] | null): [string, string] | undefined =>
    value ? [value[0].format(DAY), value[1].format(DAY)] : undefined;
  return {
    name,
    group: values.group || undefined,
    proxyType: values.proxyType || undefined,
    proxyIp: values.proxyIp ?? '',
    comment: values.comment ?? '',
    userAgent: values.userAgent ?? '',
    owner: values.owner ?? '',
    run: values.run,
    created: days(values.created),
    updated: days(values.updated),
    webAccount: values.withWebAccount ? { site: values.webAccount ?? '' } : undefined,
    received: values.received ? { from: values.receivedFrom ?? '' } : undefined,
    sent: values.sent ? { to: values.sentTo ?? '' } : undefined,
    plugin: values.withPlugin ? { id: values.pluginId ?? '' } : undefined,
    script: values.withScript ? { id: values.scriptId ?? '' } : undefined,
  };
}

export function FiltersDrawer(props: {
  open: boolean;
  filters: Filters;
  groups: string[];
  onApply(filters: Filters): void;
  onClose(): void;
}) {
  const t = useCopy(envCopy);
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const { open, filters } = props;
  useEffect(() => {
    if (open) form.setFieldsValue(toForm(filters));
  }, [open, filters, form]);

  const withFlag = (
    flag: keyof FormValues,
    detail: keyof FormValues,
    label: string,
    hint: string,
  ) => (
    <Form.Item noStyle shouldUpdate={(a, b) => a[flag] !== b[flag]}>
      {({ getFieldValue }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Form.Item name={flag} valuePropName="checked" noStyle>
            <Checkbox>{label}</Checkbox>
          </Form.Item>
          {getFieldValue(flag) ? (
            <Form.Item name={detail} noStyle>
              <Input placeholder={hint} allowClear />
            </Form.Item>
          ) : null}
        </Space>
      )}
    </Form.Item>
  );

  return (
    <Drawer
      title={t.filtersTitle}
      open={open}
      onClose={props.onClose}
      size={400}
      footer={
        <Space>
          <Button
            onClick={() => {
              props.onApply({ ...NO_FILTERS, name: filters.name });
            }}
          >
            {t.reset}
          </Button>
          <Button type="primary" onClick={() => form.submit()}>
            {t.apply}
          </Button>
        </Space>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => props.onApply(fromForm(values, filters.name))}
      >
        <Form.Item name="run" label={t.runState}>
          <Radio.Group optionType="button">
            <Radio.Button value="all">{t.runAll}</Radio.Button>
            <Radio.Button value="running">{t.runRunning}</Radio.Button>
            <Radio.Button value="stopped">{t.runStopped}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="group" label={t.group}>
          <Select allowClear placeholder={t.anyGroup} options={groupOptions(props.groups, lang)} />
        </Form.Item>
        <Form.Item label={t.proxy}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="proxyType" noStyle>
              <Select
                allowClear
                placeholder={t.anyType}
                style={{ width: '45%' }}
                options={PROXY_TYPES.map((type) => ({ value: type, label: type }))}
              />
            </Form.Item>
            <Form.Item name="proxyIp" noStyle>
              <Input placeholder={t.proxyHost} allowClear />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="comment" label={t.commentContains}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="userAgent" label={t.userAgent}>
          <Input allowClear placeholder="Chrome/120" />
        </Form.Item>
        <Form.Item name="owner" label={t.ownerAccount} extra={t.ownerHint}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="created" label={t.createdRange}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="updated" label={t.updatedRange}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {withFlag('withWebAccount', 'webAccount', t.withWebAccount, t.webAccountSite)}
          {withFlag('received', 'receivedFrom', t.receivedOnly, t.receivedFrom)}
          {withFlag('sent', 'sentTo', t.sentOnly, t.sentTo)}
          {withFlag('withPlugin', 'pluginId', t.withPlugin, t.pluginId)}
          {withFlag('withScript', 'scriptId', t.withScript, t.scriptId)}
        </Space>
      </Form>
    </Drawer>
  );
}
