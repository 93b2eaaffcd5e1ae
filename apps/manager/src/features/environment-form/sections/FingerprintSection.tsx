/** System, model, resolution, user agent (with the service's generator) and the fingerprint switches. */
import { Alert, App, Button, Col, Form, Input, Row, Select, Tooltip } from 'antd';
import {
  createSessionBody,
  format,
  isMobileSystem,
  PAGE_ONLY_VALUES,
  RESOLUTIONS,
  SYSTEMS,
} from '@hainiao/contract';
import { useState } from 'react';
import { useLang } from '../../../shared/lang.tsx';
import { useAuth } from '../../../shared/auth.tsx';
import { errorText } from '../../../shared/ui/errors.ts';
import { randomUserAgent } from '../../../shared/container-calls.ts';
import type { FormCopy } from '../locales.ts';
import { ADVANCED_FLAGS, FINGERPRINT_SWITCHES } from '../settings-help.ts';
import { schemaRule } from '../../../shared/validate.ts';
import { SwitchRow } from './Labelled.tsx';

const shape = createSessionBody.shape;

export function FingerprintSection({ copy, mode }: { copy: FormCopy; mode: 'create' | 'edit' }) {
  const lang = useLang();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const host = useAuth().state?.hostSystem;
  const system = (Form.useWatch('SystemOS') as string | undefined) ?? '';
  // Said before saving, not only in the start answer (Fingerprint_PageOnly).
  const pageOnly = Boolean(system && host && system !== host);
  const mobile = isMobileSystem(system);
  const fixed = mode === 'edit';
  const [generating, setGenerating] = useState(false);

  async function generate() {
    setGenerating(true);
    try {
      const model = (form.getFieldValue('MobileModel') as string | undefined) ?? '';
      form.setFieldValue('User_Agent', await randomUserAgent(system, model));
      await form.validateFields(['User_Agent']);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setGenerating(false);
    }
  }

  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="SystemOS" label={copy.system} extra={copy.systemHelp}>
            <Select
              options={[
                { value: '', label: copy.hostSystem },
                ...SYSTEMS.map((s) => ({ value: s, label: s })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="resolution"
            label={copy.resolution}
            rules={[schemaRule(shape.resolution, lang)]}
          >
            <Select
              showSearch
              options={[
                // A saved environment has its screen: it changes to another, not to "automatic".
                ...(fixed ? [] : [{ value: '', label: copy.automaticResolution }]),
                ...RESOLUTIONS.map((r) => ({ value: r, label: r.replace('x', ' × ') })),
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      {pageOnly && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={format(copy.pageOnlyTitle, { system, host: host ?? '' })}
          description={
            <>
              {copy.pageOnlyIntro}
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {PAGE_ONLY_VALUES.map((value) => (
                  <li key={value}>
                    <code>{value}</code>
                  </li>
                ))}
              </ul>
            </>
          }
        />
      )}
      {(mobile || (fixed && (form.getFieldValue('MobileModel') as string))) && (
        <Form.Item
          name="MobileModel"
          label={copy.model}
          extra={fixed ? copy.setAtCreation : copy.modelHelp}
          rules={[
            { required: mobile && !fixed, message: copy.required },
            schemaRule(shape.MobileModel, lang),
          ]}
        >
          <Input disabled={fixed} placeholder="Pixel 7, iPhone 13 Pro…" autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item
        name="User_Agent"
        label={copy.userAgent}
        rules={[schemaRule(shape.User_Agent, lang)]}
        style={{ marginBottom: 8 }}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={copy.userAgentPlaceholder}
        />
      </Form.Item>
      <Form.Item>
        <Tooltip title={system ? undefined : copy.generateNeedsSystem}>
          <Button onClick={generate} loading={generating} disabled={!system}>
            {copy.generate}
          </Button>
        </Tooltip>
      </Form.Item>
      <h4 className="env-form__subtitle">{copy.fingerprintSwitches}</h4>
      {FINGERPRINT_SWITCHES.map((item, index) => (
        <SwitchRow
          key={item.label.en}
          name={['fingerprint', index]}
          label={item.label[lang]}
          help={item.help[lang]}
        />
      ))}
      <SwitchRow
        name={['flags', 'FingerPrint_Noise']}
        label={ADVANCED_FLAGS.FingerPrint_Noise.label[lang]}
        help={ADVANCED_FLAGS.FingerPrint_Noise.help[lang]}
      />
    </>
  );
}
