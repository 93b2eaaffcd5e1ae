import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from '../../shared/router.ts';
import { siteMessages } from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { failureMessage, useFormFailure } from '../signin/useFormFailure.tsx';
import { forgotPasswordCopy } from './copy.ts';
import '../../features/account/account.css';
import '../signin/account-forms.css';

/**
 * Forgot password: the visitor gives the account's email and the cloud mails a one-time link to
 * /reset-password. The cloud answers the same whether or not an account uses the email, and so
 * does this page.
 */
function ForgotPasswordForm() {
  const text = useCopy(forgotPasswordCopy);
  const lang = useLang();
  const localize = useLocalize();
  const [form] = Form.useForm<{ email: string }>();
  const failure = useFormFailure<'email'>(form);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(values: { email: string }) {
    failure.clear();
    setBusy(true);
    try {
      await callCloud('/api/hainiao/forgotpassword', { email: values.email.trim() }, lang);
      setSent(true);
    } catch (error) {
      const field = error instanceof CloudCallError && error.code === 1 ? 'email' : undefined;
      failure.show({ message: failureMessage(error, lang), field });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-card">
      <h1>{sent ? text.sentTitle : text.title}</h1>
      {sent ? (
        <>
          <Alert
            className="account-card__notice"
            type="success"
            showIcon
            role="status"
            title={siteMessages.auth.resetMailSent[lang]}
          />
          <div className="account-card__actions">
            <Button onClick={() => setSent(false)}>{text.another}</Button>
            <Link to={localize('/signin')}>{text.backToSignIn}</Link>
          </div>
        </>
      ) : (
        <>
          <p className="account-card__subtitle">{text.subtitle}</p>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            onValuesChange={failure.clear}
          >
            <Form.Item
              name="email"
              label={text.email}
              validateStatus={failure.statusOf('email')}
              rules={[
                { required: true, message: siteMessages.validation.emailRequired[lang] },
                { type: 'email', message: siteMessages.validation.emailInvalid[lang] },
              ]}
            >
              <Input type="email" autoComplete="email" {...failure.controlProps('email')} />
            </Form.Item>
            {failure.alert}
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {text.submit}
            </Button>
          </Form>
          <p className="account-card__switch">
            <Link to={localize('/signin')}>{text.backToSignIn}</Link>
          </p>
        </>
      )}
    </div>
  );
}

export default function ForgotPasswordPage() {
  usePageMeta(useCopy(forgotPasswordCopy).meta);
  return (
    <section className="account-page">
      <ForgotPasswordForm />
    </section>
  );
}
