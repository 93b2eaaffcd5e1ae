/** Name, group, description; for an existing environment its web accounts and cookies. */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Tag, Typography, Upload } from 'antd';
import { createSessionBody, format, localApiMessages } from '@hainiao/contract';
import { useLang } from '../../../shared/lang.tsx';
import { schemaRule } from '../../../shared/validate.ts';
import { CookieFileError, parseCookieText } from '../cookies.ts';
import type { FormCopy } from '../locales.ts';
import { GroupSelect } from './GroupSelect.tsx';
import { emptyAsUnset } from './select-value.ts';

const shape = createSessionBody.shape;

export interface CookieState {
  count: number;
  onImport(): void;
  onExport(): void;
  exporting: boolean;
}

export function BasicsSection(props: {
  copy: FormCopy;
  webAccounts?: string[];
  cookies?: CookieState;
}) {
  const { copy, webAccounts, cookies } = props;
  const lang = useLang();
  return (
    <>
      <Form.Item
        name="Session_Name"
        label={copy.name}
        rules={[schemaRule(shape.Session_Name, lang)]}
      >
        <Input
          placeholder={format(copy.namePlaceholder, {
            name: localApiMessages.defaultSessionName[lang],
          })}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item
        name="Session_Group"
        label={copy.group}
        getValueProps={emptyAsUnset}
        rules={[schemaRule(shape.Session_Group, lang)]}
      >
        <GroupSelect copy={copy} />
      </Form.Item>
      <Form.Item
        name="Session_Desc"
        label={copy.description}
        rules={[schemaRule(shape.Session_Desc, lang)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item
        name="Session_Tags"
        label={copy.tags}
        extra={copy.tagsHelp}
        rules={[schemaRule(shape.Session_Tags, lang)]}
      >
        <Select mode="tags" aria-label={copy.tags} tokenSeparators={[',', '，']} open={false} />
      </Form.Item>
      {webAccounts && (
        <Form.Item label={copy.webAccounts} extra={copy.webAccountsHelp}>
          {webAccounts.length ? (
            webAccounts.map((site) => <Tag key={site}>{site}</Tag>)
          ) : (
            <Typography.Text type="secondary">{copy.noWebAccounts}</Typography.Text>
          )}
        </Form.Item>
      )}
      <Form.Item label={copy.cookies}>
        {cookies ? (
          <Space wrap>
            <Typography.Text data-testid="cookie-count">
              {format(copy.cookieCount, { count: cookies.count })}
            </Typography.Text>
            <Button onClick={cookies.onImport}>{copy.importCookies}</Button>
            <Button onClick={cookies.onExport} loading={cookies.exporting}>
              {copy.exportCookies}
            </Button>
          </Space>
        ) : (
          <NewCookies copy={copy} />
        )}
      </Form.Item>
    </>
  );
}

/** Cookies of a new environment: pasted, or read from a file into the same field. */
function NewCookies({ copy }: { copy: FormCopy }) {
  const lang = useLang();
  const form = Form.useFormInstance();
  const text = (Form.useWatch('Cookie') as string | undefined) ?? '';
  let count = 0;
  try {
    count = text.trim() ? parseCookieText(text).length : 0;
  } catch {
    // The field's rule says why.
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form.Item
        name="Cookie"
        noStyle
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value?.trim()) return;
              try {
                parseCookieText(value);
              } catch (error) {
                throw new Error(
                  error instanceof CookieFileError ? error.text(lang) : String(error),
                );
              }
            },
          },
        ]}
      >
        <Input.TextArea
          aria-label={copy.cookiesPasteLabel}
          placeholder={copy.cookiesPaste}
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Form.Item>
      <Space wrap>
        <Upload
          accept=".json,.txt,application/json,text/plain"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(picked) => {
            void picked.text().then((content) => {
              form.setFieldValue('Cookie', content);
              void form.validateFields(['Cookie']);
            });
            return false;
          }}
        >
          {/* A button like the app's others; the icon is decoration (the name stays the words). */}
          <Button icon={<UploadOutlined aria-hidden />}>{copy.cookiesFromFile}</Button>
        </Upload>
        {count > 0 && (
          <Typography.Text type="secondary" data-testid="new-cookie-count">
            {format(copy.cookiesReady, { count })}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
