/** Start pages (HomePage_url) and, at creation, a start's default arguments and headless mode. */
import { Button, Form, Input, Select, Space } from 'antd';
import { createSessionBody, startPageUrl } from '@hainiao/contract';
import { useLang } from '../../../shared/lang.tsx';
import type { FormCopy } from '../locales.ts';
import { schemaRule } from '../../../shared/validate.ts';
import { SwitchRow } from './Labelled.tsx';

const shape = createSessionBody.shape;

export function StartSection({ copy, mode }: { copy: FormCopy; mode: 'create' | 'edit' }) {
  const lang = useLang();
  return (
    <>
      <Form.Item label={copy.homePages}>
        <Form.List name="HomePage_url">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((field) => (
                <div key={field.key} className="env-form__page">
                  <Form.Item
                    name={field.name}
                    style={{ flex: 1, marginBottom: 0 }}
                    rules={[
                      schemaRule(startPageUrl, lang, (v) => (typeof v === 'string' ? v.trim() : v)),
                    ]}
                  >
                    <Input placeholder={copy.pagePlaceholder} aria-label={copy.homePages} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} aria-label={copy.removePage}>
                    ×
                  </Button>
                </div>
              ))}
              <Button type="dashed" onClick={() => add('')}>
                {copy.addPage}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        name="Session_Args"
        label={copy.launchArgs}
        extra={mode === 'edit' ? copy.setAtCreation : copy.launchArgsHelp}
        rules={[
          schemaRule(shape.Session_Args, lang, (v) =>
            Array.isArray(v) && v.length ? v : undefined,
          ),
        ]}
      >
        <Select
          mode="tags"
          disabled={mode === 'edit'}
          open={false}
          placeholder={copy.launchArgsPlaceholder}
        />
      </Form.Item>
      <SwitchRow
        name="Session_Headless"
        label={copy.headless}
        help={mode === 'edit' ? copy.setAtCreation : copy.headlessHelp}
        disabled={mode === 'edit'}
      />
    </>
  );
}
