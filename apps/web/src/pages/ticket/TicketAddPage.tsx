import { useState } from 'react';
import { App, Button, Form, Input, Select, Steps, type UploadFile } from 'antd';
import { Link, useNavigate } from '../../shared/router.ts';
import { siteMessages, TICKET_CONTENT_MAX, TICKET_TITLE_MAX } from '@hainiao/contract';
import { callCloud } from '../../api/cloud.ts';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { AttachmentUpload, attachmentIds } from '../../features/tickets/AttachmentUpload.tsx';
import { ticketRules } from '../../features/tickets/rules.ts';
import { useFailure } from '../../features/tickets/useFailure.ts';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/tickets/tickets.css';

interface Values {
  title: string;
  typeid: number;
  content: string;
  email: string;
  mobile?: string;
  privateinfo?: string;
}

function NewTicketForm({ token, email }: { token: string; email: string }) {
  const text = useTicketText();
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const failed = useFailure();
  const { message } = App.useApp();
  const rules = ticketRules(lang);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const types = useCloudQuery('/api/hainiao/workordertype', { token }, lang, {
    onError: (error) => failed(error, siteMessages.ticket.fetchTypesFailed),
  });

  async function submit(values: Values) {
    setBusy(true);
    try {
      const { id } = await callCloud(
        '/api/hainiao/workorderadd',
        {
          token,
          title: values.title.trim(),
          typeid: String(values.typeid),
          content: values.content.trim(),
          email: values.email.trim(),
          mobile: values.mobile?.trim() || undefined,
          privateinfo: values.privateinfo?.trim() || undefined,
          attachments: attachmentIds(files) || undefined,
        },
        lang,
      );
      void message.success(siteMessages.ticket.submitSuccess[lang]);
      void navigate(localize(`/ticket/info/${id}`));
    } catch (error) {
      failed(error, siteMessages.ticket.submitFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<Values> layout="vertical" initialValues={{ email }} onFinish={submit} requiredMark>
      <Form.Item name="title" label={text.add.subject} rules={rules.title} hasFeedback>
        <Input placeholder={text.add.subjectPlaceholder} maxLength={TICKET_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item name="typeid" label={text.add.type} rules={rules.typeid}>
        <Select
          placeholder={text.add.typePlaceholder}
          loading={types.loading}
          options={(types.data?.type ?? []).map((t) => ({ value: t.typeid, label: t.typename }))}
        />
      </Form.Item>
      <Form.Item name="content" label={text.add.content} rules={rules.content} hasFeedback>
        <Input.TextArea
          rows={6}
          placeholder={text.add.contentPlaceholder}
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
      <Form.Item name="email" label={text.add.email} rules={rules.email} hasFeedback>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="mobile" label={text.add.mobile} rules={rules.mobile}>
        <Input inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="privateinfo" label={text.add.privateinfo} extra={text.add.privateinfoHelp}>
        <Input.TextArea rows={3} maxLength={TICKET_CONTENT_MAX} />
      </Form.Item>
      <div className="ticket-toolbar">
        <Button type="primary" htmlType="submit" loading={busy}>
          {text.add.submit}
        </Button>
        <Link to={localize('/ticket')}>
          <Button>{text.add.back}</Button>
        </Link>
      </div>
    </Form>
  );
}

function NewTicket() {
  const text = useTicketText();
  const session = useRequireSession();
  return (
    <section className="ticket-page">
      <h1>{text.add.title}</h1>
      <p className="ticket-support">{text.support}</p>
      <Steps
        current={0}
        style={{ margin: '8px 0 28px' }}
        items={text.add.steps.map((title) => ({ title }))}
      />
      {session && <NewTicketForm token={session.token} email={session.email} />}
    </section>
  );
}

export default function TicketAddPage() {
  usePageMeta(useTicketText().meta.add);
  return <NewTicket />;
}
