/** Create N environments from one template (group, system, proxy, name prefix), paced to the service's budget. */
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import {
  createSessionBody,
  DEFAULT_GROUP_NAME,
  format,
  isMobileSystem,
  NO_PROXY,
  SYSTEMS,
} from '@hainiao/contract';
import { useState } from 'react';
import { call } from '../../shared/api.ts';
import { groupLabel, groupOptions, useGroups } from '../../shared/groups.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { BatchProgressView } from '../../shared/batch-run/BatchProgressView.tsx';
import { budgetOf } from '../../shared/batch-run/pacer.ts';
import { useBatchRun } from '../../shared/batch-run/useBatchRun.tsx';
import { ProxyEndpointFields } from '../../shared/proxy/ProxyEndpointFields.tsx';
import { getProxy } from '../../shared/saved-proxies/proxy-calls.ts';
import { inTurn, proxyFieldsOf } from '../../shared/saved-proxies/saved-proxy-fields.ts';
import { bodyProblems } from '../../shared/validate.ts';
import {
  BATCH_CREATE_MAX,
  batchCreateBody,
  batchName,
  flag,
  prefixMax,
  type BatchTemplate,
} from './batch-bodies.ts';
import { batchCopy } from './locales.ts';
import { SavedProxiesField } from './SavedProxiesField.tsx';
import './batch.css';

export interface BatchCreateDialogProps {
  open: boolean;
  onClose(): void;
  onDone(ids: string[]): void;
}

const CREATE = '/api/v1/session/create';

const INITIAL: BatchTemplate = {
  count: 10,
  prefix: '',
  group: '',
  system: '',
  model: '',
  proxyType: NO_PROXY,
  host: '',
  port: null,
  username: '',
  password: '',
  checkProxy: false,
};

export function BatchCreateDialog({ open, onClose, onDone }: BatchCreateDialogProps) {
  const copy = useCopy(batchCopy);
  const lang = useLang();
  const { groups } = useGroups();
  const [form] = Form.useForm<BatchTemplate>();
  const batch = useBatchRun<{ id: string; name: string }>(copy);
  const { progress, running, stopped } = batch;
  const [problem, setProblem] = useState<string>();
  // Saved proxies of the library, handed out in turn (one per environment) instead of the fields.
  const [savedIds, setSavedIds] = useState<string[]>([]);
  const count = (Form.useWatch('count', form) as number | null) ?? 0;
  const prefix = (Form.useWatch('prefix', form) as string | undefined) ?? '';
  const system = (Form.useWatch('system', form) as string | undefined) ?? '';
  const proxyType = (Form.useWatch('proxyType', form) as string | undefined) ?? NO_PROXY;
  const withProxy = proxyType !== NO_PROXY;
  const budget = budgetOf(CREATE);

  // Each opening starts afresh (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      batch.reset();
      setProblem(undefined);
      setSavedIds([]);
    }
  }

  async function start() {
    setProblem(undefined);
    let template: BatchTemplate;
    try {
      template = { ...INITIAL, ...(await form.validateFields()) };
    } catch {
      return;
    }
    // The saved proxies with their passwords, read once for the whole batch.
    let saved: ReturnType<typeof proxyFieldsOf>[] = [];
    try {
      saved = (await Promise.all(savedIds.map(getProxy))).map(proxyFieldsOf);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    const bodyOf = (index: number) =>
      saved.length
        ? {
            ...batchCreateBody({ ...template, proxyType: NO_PROXY }, index),
            ...inTurn(saved, index),
            Is_CheckProxy: flag(template.checkProxy),
          }
        : batchCreateBody(template, index);
    // Every body of the batch is the first one's shape: the first checks them all.
    const problems = bodyProblems(createSessionBody, bodyOf(template.count - 1), lang);
    if (problems.length) {
      setProblem(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
      return;
    }
    await batch.run({
      total: template.count,
      budget,
      run: async (index) => {
        const body = bodyOf(index);
        const made = await call(CREATE, body);
        return { id: made.Session_Id, name: body.Session_Name ?? '' };
      },
    });
  }

  // The results stay on screen until the user closes them; then the table hears of the new ones.
  const finish = () => (progress ? onDone(progress.succeeded.map((made) => made.id)) : onClose());

  const shown = count >= 1 ? count : 1;
  const footer = progress
    ? batch.footer(finish)
    : [
        <Button key="cancel" onClick={onClose}>
          {copy.cancel}
        </Button>,
        <Button key="create" type="primary" onClick={start}>
          {format(copy.createN, { count: shown })}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={copy.batchTitle}
      onCancel={running ? undefined : finish}
      closable={!running}
      mask={{ closable: !running }}
      destroyOnHidden
      footer={footer}
      width={640}
    >
      {progress ? (
        <BatchProgressView
          copy={copy}
          progress={progress}
          running={running}
          stopped={stopped}
          madeLabel={format(copy.made, { count: progress.succeeded.length })}
          describeMade={(made) => ({ label: made.name, copy: made.id })}
          describeFailure={(index, error) => format(copy.failureLine, { number: index + 1, error })}
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={INITIAL} requiredMark={false}>
          <Typography.Paragraph type="secondary">{copy.batchIntro}</Typography.Paragraph>
          <Row gutter={12}>
            <Col xs={24} sm={8}>
              <Form.Item
                name="count"
                label={copy.count}
                rules={[{ required: true, message: copy.required }]}
              >
                <InputNumber
                  min={1}
                  max={BATCH_CREATE_MAX}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item
                name="prefix"
                label={copy.prefix}
                rules={[
                  {
                    max: prefixMax(shown),
                    message: format(copy.prefixTooLong, { max: prefixMax(shown) }),
                  },
                ]}
                extra={format(copy.namePreview, {
                  first: batchName(prefix, 0, shown),
                  last: batchName(prefix, shown - 1, shown),
                })}
              >
                <Input placeholder={copy.prefixPlaceholder} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            {format(copy.countHelp, { max: BATCH_CREATE_MAX, budget: budget ?? '—' })}
          </Typography.Paragraph>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="group"
                label={copy.group}
                getValueProps={(v: unknown) => ({ value: v || undefined })}
              >
                <Select
                  allowClear
                  placeholder={groupLabel(DEFAULT_GROUP_NAME, lang)}
                  options={groupOptions(groups, lang)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="system" label={copy.system}>
                <Select
                  options={[
                    { value: '', label: copy.hostSystem },
                    ...SYSTEMS.map((s) => ({ value: s, label: s })),
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
          {isMobileSystem(system) && (
            <Form.Item
              name="model"
              label={copy.model}
              rules={[{ required: true, whitespace: true, message: copy.required }]}
            >
              <Input placeholder="Pixel 7, iPhone 13 Pro…" autoComplete="off" />
            </Form.Item>
          )}
          <SavedProxiesField value={savedIds} onChange={setSavedIds} />
          {savedIds.length === 0 && (
            <ProxyEndpointFields
              copy={copy}
              names={{
                type: 'proxyType',
                host: 'host',
                port: 'port',
                username: 'username',
                password: 'password',
              }}
              withProxy={withProxy}
              layout="compact"
            />
          )}
          {(withProxy || savedIds.length > 0) && (
            <Form.Item
              name="checkProxy"
              label={copy.checkProxy}
              extra={copy.checkProxyHelp}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          )}
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        </Form>
      )}
    </Modal>
  );
}
