import { Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_NAME_MIN,
  ACCOUNT_NAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  format,
  siteMessages,
} from '@hainiao/contract';
import { callCloud } from '../../api/cloud.ts';
import { useClientTokenSubmit } from '../../features/account/useClientTokenSubmit.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/account/account.css';

function SignUpForm() {
  const text = useAccountText();
  const lang = useLang();
  const localize = useLocalize();
  const invalid = (field: string) =>
    format(siteMessages.validation.invalidParameter[lang], { field });
  const { submit, busy } = useClientTokenSubmit(
    (values: { Account: string; email: string; password: string }, lang, nonce) =>
      callCloud(
        '/api/hainiao/signup',
        {
          Account: values.Account.trim(),
          email: values.email.trim(),
          password: values.password,
          nonce,
        },
        lang,
      ),
  );

  return (
    <div className="account-card">
      <h1>{text.signup.title}</h1>
      <p className="account-card__subtitle">{text.signup.subtitle}</p>
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="Account"
          label={text.signup.account}
          extra={text.signup.accountHelp}
          rules={[
            { required: true, whitespace: true, message: siteMessages.auth.accountRequired[lang] },
            { min: ACCOUNT_NAME_MIN, max: ACCOUNT_NAME_MAX, message: invalid(text.signup.account) },
            { pattern: ACCOUNT_NAME_PATTERN, message: invalid(text.signup.account) },
          ]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="email"
          label={text.signup.email}
          rules={[
            { required: true, message: siteMessages.validation.emailRequired[lang] },
            { type: 'email', message: siteMessages.validation.emailInvalid[lang] },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={text.signup.password}
          extra={text.signup.passwordHelp}
          rules={[
            { required: true, message: siteMessages.auth.passwordTooShort[lang] },
            { min: PASSWORD_MIN, message: siteMessages.auth.passwordTooShort[lang] },
            { max: PASSWORD_MAX, message: invalid(text.signup.password) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <p className="account-card__subtitle">
          {text.signup.agree} <Link to={localize('/privacy')}>{text.signup.terms}</Link>
        </p>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {text.signup.submit}
        </Button>
      </Form>
      <p className="account-card__switch">
        {text.signup.haveAccount} <Link to={localize('/signin')}>{text.signup.toSignIn}</Link>
      </p>
    </div>
  );
}

export default function SignUpPage() {
  usePageMeta(useAccountText().meta.signup);
  return (
    <section className="account-page">
      <SignUpForm />
    </section>
  );
}
