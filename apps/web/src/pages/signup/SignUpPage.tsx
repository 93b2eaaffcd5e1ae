import { Button, Form, Input } from 'antd';
import { Link } from '../../shared/router.ts';
import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_NAME_MIN,
  ACCOUNT_NAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  format,
  siteMessages,
  type Lang,
} from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { failureMessage, useFormFailure } from '../signin/useFormFailure.tsx';
import { useInlineClientTokenSubmit } from '../signin/useInlineClientTokenSubmit.ts';
import '../../features/account/account.css';
import '../signin/account-forms.css';

type Field = 'Account' | 'email' | 'password';

/** The field a refused sign-up is about, by the cloud's message (taken name or email, rules). */
function fieldOf(error: unknown, lang: Lang): Field | undefined {
  if (!(error instanceof CloudCallError)) return undefined;
  const { auth, validation } = siteMessages;
  const about: [Field, { en: string; zh: string }[]][] = [
    ['Account', [auth.accountTaken, auth.accountRequired]],
    ['email', [auth.emailTaken, validation.emailInvalid, validation.emailRequired]],
    ['password', [auth.passwordTooShort]],
  ];
  return about.find(([, messages]) => messages.some((m) => m[lang] === error.message))?.[0];
}

function SignUpForm() {
  const text = useAccountText();
  const lang = useLang();
  const localize = useLocalize();
  const invalid = (field: string) =>
    format(siteMessages.validation.invalidParameter[lang], { field });
  const [form] = Form.useForm();
  const failure = useFormFailure<Field>(form);
  const { submit, busy } = useInlineClientTokenSubmit(
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
    {
      onSubmit: failure.clear,
      onFailure: (error) =>
        failure.show({ message: failureMessage(error, lang), field: fieldOf(error, lang) }),
    },
  );

  return (
    <div className="account-card">
      <h1>{text.signup.title}</h1>
      <p className="account-card__subtitle">{text.signup.subtitle}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={failure.clear}
      >
        <Form.Item
          name="Account"
          label={text.signup.account}
          extra={text.signup.accountHelp}
          validateStatus={failure.statusOf('Account')}
          rules={[
            { required: true, whitespace: true, message: siteMessages.auth.accountRequired[lang] },
            { min: ACCOUNT_NAME_MIN, max: ACCOUNT_NAME_MAX, message: invalid(text.signup.account) },
            { pattern: ACCOUNT_NAME_PATTERN, message: invalid(text.signup.account) },
          ]}
        >
          <Input autoComplete="username" {...failure.controlProps('Account')} />
        </Form.Item>
        <Form.Item
          name="email"
          label={text.signup.email}
          validateStatus={failure.statusOf('email')}
          rules={[
            { required: true, message: siteMessages.validation.emailRequired[lang] },
            { type: 'email', message: siteMessages.validation.emailInvalid[lang] },
          ]}
        >
          <Input type="email" autoComplete="email" {...failure.controlProps('email')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={text.signup.password}
          extra={text.signup.passwordHelp}
          validateStatus={failure.statusOf('password')}
          rules={[
            { required: true, message: siteMessages.auth.passwordTooShort[lang] },
            { min: PASSWORD_MIN, message: siteMessages.auth.passwordTooShort[lang] },
            { max: PASSWORD_MAX, message: invalid(text.signup.password) },
          ]}
        >
          <Input.Password autoComplete="new-password" {...failure.controlProps('password')} />
        </Form.Item>
        <p className="account-card__subtitle">
          {text.signup.agree} <Link to={localize('/privacy')}>{text.signup.terms}</Link>
        </p>
        {failure.alert}
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
