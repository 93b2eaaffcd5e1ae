import { Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { siteMessages } from '@hainiao/contract';
import { callCloud } from '../../api/cloud.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useClientTokenSubmit } from '../../features/account/useClientTokenSubmit.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/account/account.css';

function SignInForm() {
  const text = useAccountText();
  const lang = useLang();
  const localize = useLocalize();
  const { submit, busy, next, hasNext } = useClientTokenSubmit(
    (values: { identity: string; password: string }, lang, nonce) => {
      const identity = values.identity.trim();
      return callCloud(
        '/api/hainiao/signin',
        identity.includes('@')
          ? { email: identity, password: values.password, nonce }
          : { Account: identity, password: values.password, nonce },
        lang,
      );
    },
  );

  return (
    <div className="account-card">
      <h1>{text.signin.title}</h1>
      <p className="account-card__subtitle">{text.signin.subtitle}</p>
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="identity"
          label={text.signin.identity}
          rules={[
            { required: true, whitespace: true, message: siteMessages.auth.accountRequired[lang] },
          ]}
        >
          <Input autoComplete="username" placeholder={text.signin.identityPlaceholder} />
        </Form.Item>
        <Form.Item
          name="password"
          label={text.signin.password}
          rules={[
            {
              required: true,
              message: siteMessages.validation.invalidParameter[lang].replace(
                '{field}',
                text.signin.password,
              ),
            },
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {text.signin.submit}
        </Button>
      </Form>
      <p className="account-card__switch">
        {text.signin.noAccount}{' '}
        <Link to={localize(`/signup${hasNext ? `?url=${encodeURIComponent(next)}` : ''}`)}>
          {text.signin.toSignUp}
        </Link>
      </p>
    </div>
  );
}

export default function SignInPage() {
  usePageMeta(useAccountText().meta.signin);
  return (
    <section className="account-page">
      <SignInForm />
    </section>
  );
}
