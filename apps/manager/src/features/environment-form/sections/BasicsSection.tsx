/** Name, group, description; for an existing environment its web accounts and cookies. */
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { createSessionBody, format, localApiMessages } from '@hainiao/contract';
import { useLang } from '../../../shared/lang.tsx';
import type { FormCopy } from '../locales.ts';
import { schemaRule } from '../validate.ts';
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
          <Typography.Text type="secondary">{copy.cookiesAfterCreate}</Typography.Text>
        )}
      </Form.Item>
    </>
  );
}
