/** The proxy, the check, and the locale and reported IPs that proxy/update carries. */
import { Alert, Button, Col, Form, Input, Row, Select, Space } from 'antd';
import {
  COUNTRIES,
  createSessionBody,
  format,
  LANGUAGES,
  NO_PROXY,
  TIMEZONES,
} from '@hainiao/contract';
import { useMemo } from 'react';
import { useLang } from '../../../shared/lang.tsx';
import type { FormCopy } from '../locales.ts';
import { schemaRule } from '../../../shared/validate.ts';
import { emptyAsUnset } from './select-value.ts';
import { SwitchRow } from './Labelled.tsx';
import { ProxyEndpointFields } from '../../../shared/proxy/ProxyEndpointFields.tsx';
import { SavedProxyPicker } from './SavedProxyPicker.tsx';

const shape = createSessionBody.shape;

export type CheckOutcome =
  | { ok: true; ip: string; country: string; timezone: string }
  | { ok: false; message: string; curl?: string };

export function ProxySection(props: {
  copy: FormCopy;
  mode: 'create' | 'edit';
  onCheck?: () => void;
  checking?: boolean;
  outcome?: CheckOutcome;
}) {
  const { copy, mode, onCheck, checking, outcome } = props;
  const lang = useLang();
  const type = Form.useWatch('Proxy_Type') as string | undefined;
  const automatic = Form.useWatch('Automatic_Configure') as boolean | undefined;
  const withProxy = type !== undefined && type !== NO_PROXY;

  const timezones = useMemo(
    () => TIMEZONES.map((t) => ({ value: t.zone, label: t.label[lang] })),
    [lang],
  );
  const languages = useMemo(
    () => LANGUAGES.map((l) => ({ value: l.code, label: `${l.name[lang]} · ${l.code}` })),
    [lang],
  );
  const countries = useMemo(
    () => COUNTRIES.map((c) => ({ value: c.code, label: `${c.name[lang]} · ${c.code}` })),
    [lang],
  );
  const localeHint = automatic ? copy.followsExit : copy.systemDefault;

  return (
    <>
      <SavedProxyPicker />
      <ProxyEndpointFields
        copy={copy}
        names={{
          type: 'Proxy_Type',
          host: 'Proxy_Ip',
          port: 'Proxy_Port',
          username: 'Proxy_Username',
          password: 'Proxy_Password',
        }}
        withProxy={withProxy}
        layout="form"
        hostPlaceholder={copy.hostPlaceholder}
      />
      {withProxy && (
        <Form.Item name="StaticIP_Type" label={copy.staticIpType}>
          <Select
            style={{ maxWidth: 240 }}
            options={[
              { value: 0, label: copy.dynamicIp },
              { value: 1, label: copy.staticIp },
            ]}
          />
        </Form.Item>
      )}
      {withProxy && (
        <SwitchRow name="Is_CheckProxy" label={copy.checkOnSave} help={copy.checkOnSaveHelp} />
      )}
      <SwitchRow
        name="Automatic_Configure"
        label={copy.automatic}
        help={copy.automaticHelp}
        rules={[
          {
            validator: async (_rule: unknown, value: unknown) => {
              if (value === true && !withProxy) throw new Error(copy.automaticNeedsProxy);
            },
          },
        ]}
      />
      <Form.Item noStyle shouldUpdate>
        {(form) =>
          form
            .getFieldError('Automatic_Configure')
            .map((error) => (
              <Alert key={error} type="error" showIcon title={error} style={{ marginBottom: 12 }} />
            ))
        }
      </Form.Item>
      {withProxy && (
        <Form.Item extra={copy.checkProxyHelp}>
          <Button onClick={onCheck} loading={checking}>
            {copy.checkProxy}
          </Button>
        </Form.Item>
      )}
      {mode === 'create' && withProxy && (
        <Alert type="info" showIcon title={copy.checkOnCreate} style={{ marginBottom: 16 }} />
      )}
      {outcome && <CheckAlert copy={copy} outcome={outcome} />}

      <h4 className="env-form__subtitle">{copy.locale}</h4>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="TimeZone" getValueProps={emptyAsUnset} label={copy.timezone}>
            <Select
              allowClear={mode === 'create'}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={localeHint}
              options={timezones}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="LanguageCode" getValueProps={emptyAsUnset} label={copy.language}>
            <Select
              allowClear={mode === 'create'}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={localeHint}
              options={languages}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="CountryCode" getValueProps={emptyAsUnset} label={copy.country}>
            <Select
              allowClear={mode === 'create'}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={localeHint}
              options={countries}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="CityCode" label={copy.city} rules={[schemaRule(shape.CityCode, lang)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="RegionCode"
            label={copy.region}
            rules={[schemaRule(shape.RegionCode, lang)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="Static_PublicIP"
            label={copy.staticPublicIp}
            extra={copy.staticPublicIpHelp}
            rules={[schemaRule(shape.Static_PublicIP, lang)]}
          >
            <Input placeholder="203.0.113.10" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="Static_PrivateIP"
            label={copy.staticPrivateIp}
            extra={copy.staticPrivateIpHelp}
            rules={[schemaRule(shape.Static_PrivateIP, lang)]}
          >
            <Input placeholder="192.168.1.23" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

function CheckAlert({ copy, outcome }: { copy: FormCopy; outcome: CheckOutcome }) {
  const lang = useLang();
  if (!outcome.ok) {
    return (
      <Alert
        type="error"
        showIcon
        className="env-form__check"
        data-testid="proxy-check-result"
        title={copy.checkFailed}
        description={
          <Space orientation="vertical" size={0}>
            <span>{outcome.message}</span>
            {outcome.curl && <span>{format(copy.curlMeaning, { meaning: outcome.curl })}</span>}
          </Space>
        }
        style={{ marginBottom: 16 }}
      />
    );
  }
  const country = COUNTRIES.find((c) => c.code === outcome.country);
  return (
    <Alert
      type="success"
      showIcon
      className="env-form__check"
      data-testid="proxy-check-result"
      title={copy.checkPassed}
      description={format(copy.checkExit, {
        ip: outcome.ip || '—',
        country: country ? `${country.name[lang]} (${country.code})` : outcome.country || '—',
        timezone: outcome.timezone || '—',
      })}
      style={{ marginBottom: 16 }}
    />
  );
}
