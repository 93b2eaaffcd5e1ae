import { useState } from 'react';
import { App, Button, Form, Input, type UploadFile } from 'antd';
import { siteMessages, TICKET_CONTENT_MAX } from '@hainiao/contract';
import { callCloud } from '../../api/cloud.ts';
import { useLang } from '../../shared/useLang.ts';
import { AttachmentUpload, attachmentIds } from './AttachmentUpload.tsx';
import { ticketRules } from './rules.ts';
import { useFailure } from './useFailure.ts';
import { useTicketText } from './useTicketText.ts';

/** The reply form; after a successful reply the form and attachments are cleared. */
export function ReplyBox({
  token,
  id,
  label,
  onReplied,
}: {
  token: string;
  id: string;
  label?: string;
  onReplied: () => void;
}) {
  const text = useTicketText();
  const lang = useLang();
  const failed = useFailure();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string; privateinfo?: string }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);

  async function send(values: { content: string; privateinfo?: string }) {
    setBusy(true);
    try {
      await callCloud(
        '/api/hainiao/workorderreply',
        {
          token,
          id,
          content: values.content.trim(),
          privateinfo: values.privateinfo?.trim() || undefined,
          attachments: attachmentIds(files) || undefined,
        },
        lang,
      );
      void message.success(siteMessages.ticket.replySuccess[lang]);
      form.resetFields();
      setFiles([]);
      onReplied();
    } catch (error) {
      failed(error, siteMessages.ticket.replyFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={send}>
      <Form.Item name="content" label={label ?? text.info.reply} rules={ticketRules(lang).reply}>
        <Input.TextArea
          rows={5}
          placeholder={text.info.replyPlaceholder}
          maxLength={TICKET_CONTENT_MAX}
          showCount
        />
      </Form.Item>
      <Form.Item label={text.add.attachments} extra={text.add.attachmentsHelp}>
        <AttachmentUpload
          token={token}
          value={files}
          onChange={setFiles}
          label={text.add.upload}
          onError={(m) => void message.error(m)}
        />
      </Form.Item>
      <Form.Item name="privateinfo" label={text.info.privateinfo}>
        <Input.TextArea rows={2} maxLength={TICKET_CONTENT_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {text.info.send}
      </Button>
    </Form>
  );
}
