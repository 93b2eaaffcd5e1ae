/** Every 0/1 setting with a one-line explanation, media blocking and geolocation. */
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { createSessionBody } from '@hainiao/contract';
import { useLang } from '../../../shared/lang.tsx';
import type { FormCopy } from '../locales.ts';
import { ADVANCED_FLAGS, FLAG_NAMES } from '../settings-help.ts';
import { schemaRule } from '../../../shared/validate.ts';
import { SwitchRow } from './Labelled.tsx';

const shape = createSessionBody.shape;
/** FingerPrint_Noise sits with the fingerprint switches. */
const LISTED = FLAG_NAMES.filter((name) => name !== 'FingerPrint_Noise');

export function AdvancedSection({ copy }: { copy: FormCopy }) {
  const lang = useLang();
  const coordinate = (other: 'Geolocation_Latitude' | 'Geolocation_Longitude') => ({
    dependencies: [other],
    rules: [
      ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
        validator: async (_rule: unknown, value: unknown) => {
          const set = (v: unknown) => v !== null && v !== undefined && v !== '';
          if (set(value) !== set(getFieldValue(other))) throw new Error(copy.bothCoordinates);
        },
      }),
    ],
  });
  return (
    <>
      <div className="env-form__switches">
        <SwitchRow name="Disable_video" label={copy.disableVideo} help={copy.disableVideoHelp} />
        <SwitchRow name="Disable_img" label={copy.disableImg} help={copy.disableImgHelp} />
        {LISTED.map((name) => (
          <SwitchRow
            key={name}
            name={['flags', name]}
            label={ADVANCED_FLAGS[name].label[lang]}
            help={ADVANCED_FLAGS[name].help[lang]}
          />
        ))}
      </div>
      <Form.Item name="Geolocation_Setting" label={copy.geolocation} extra={copy.geolocationHelp}>
        <Select
          style={{ maxWidth: 280 }}
          options={[
            { value: 0, label: copy.geoAsk },
            { value: 1, label: copy.geoAllow },
            { value: 2, label: copy.geoBlock },
          ]}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="Geolocation_Latitude"
            label={copy.latitude}
            {...coordinate('Geolocation_Longitude')}
          >
            <InputNumber style={{ width: '100%' }} min={-90} max={90} step={0.0001} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="Geolocation_Longitude"
            label={copy.longitude}
            {...coordinate('Geolocation_Latitude')}
          >
            <InputNumber style={{ width: '100%' }} min={-180} max={180} step={0.0001} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="Geolocation_Accuracy"
            label={copy.accuracy}
            rules={[schemaRule(shape.Geolocation_Accuracy, lang)]}
          >
            <InputNumber style={{ width: '100%' }} min={1} max={100000} />
          </Form.Item>
        </Col>
      </Row>
      <p className="env-form__note">{copy.coordinatesHelp}</p>
    </>
  );
}
