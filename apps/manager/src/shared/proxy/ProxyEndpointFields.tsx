/**
 * The proxy's type, host, port, user name and password, checked against the contract's schemas:
 * one set of fields for the environment form and the batch-create template.
 */
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { proxyFields } from '@hainiao/contract';
import { useLang } from '../lang.tsx';
import { proxyTypeOptions } from './proxy-type-options.ts';
import { schemaRule } from '../validate.ts';

export interface ProxyEndpointCopy {
  proxyType: string;
  noProxy: string;
  host: string;
  port: string;
  username: string;
  password: string;
  required: string;
}

/** Column spans (xs, sm) of the type, host and port fields, and of the type without a proxy. */
const LAYOUTS = {
  // The form's proxy section: each field on its own line on a phone.
  form: { type: [24, 10], host: [24, 10], port: [24, 4], typeAlone: 10 },
  // The batch dialog: host and port share a line.
  compact: { type: [24, 8], host: [16, 10], port: [8, 6], typeAlone: 24 },
} as const;

export function ProxyEndpointFields(props: {
  copy: ProxyEndpointCopy;
  /** The form's field names: the API's in the environment form, the template's in the batch. */
  names: { type: string; host: string; port: string; username: string; password: string };
  withProxy: boolean;
  layout: keyof typeof LAYOUTS;
  hostPlaceholder?: string;
}) {
  const { copy, names, withProxy, hostPlaceholder } = props;
  const lang = useLang();
  const spans = LAYOUTS[props.layout];
  const required = { required: true, message: copy.required };
  return (
    <>
      <Row gutter={12}>
        <Col xs={spans.type[0]} sm={withProxy ? spans.type[1] : spans.typeAlone}>
          <Form.Item name={names.type} label={copy.proxyType}>
            <Select virtual={false} options={proxyTypeOptions(copy.noProxy)} />
          </Form.Item>
        </Col>
        {withProxy && (
          <Col xs={spans.host[0]} sm={spans.host[1]}>
            <Form.Item
              name={names.host}
              label={copy.host}
              rules={[required, schemaRule(proxyFields.Proxy_Ip, lang)]}
            >
              <Input placeholder={hostPlaceholder} autoComplete="off" />
            </Form.Item>
          </Col>
        )}
        {withProxy && (
          <Col xs={spans.port[0]} sm={spans.port[1]}>
            <Form.Item
              name={names.port}
              label={copy.port}
              rules={[required, schemaRule(proxyFields.Proxy_Port, lang)]}
            >
              <InputNumber style={{ width: '100%' }} controls={false} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {withProxy && (
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name={names.username} label={copy.username}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name={names.password} label={copy.password}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}
