import { Alert, Button, Form, Input } from 'antd';
import { Link, useHistoryState } from '../../shared/router.ts';
import { siteMessages } from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { failureMessage, useFormFailure } from './useFormFailure.tsx';
import { useInlineClientTokenSubmit } from './useInlineClientTokenSubmit.ts';
import '../../features/account/account.css';
import './account-forms.css';

type Field = 'identity' | 'password';

/** What the reset-password page hands over when it sends the visitor here. */
export interface SignInState {
  passwordChanged?: boolean;
}

/** The field a refused sign-in is about: the password for wrong credentials, else the account. */
function fieldOf(error: unknown): Field | undefined {
  if (!(error instanceof CloudCallError)) return undefined;
  if (error.code === 401) return 'password';
  if (error.code === 1 || error.code === 403) return 'identity';
  return undefined;
}

function SignInForm() {
  const text = useAccountText();
  const lang = useLang();
  const localize = useLocalize();
  const [form] = Form.useForm();
  const failure = useFormFailure<Field>(form);
  const passwordChanged = (useHistoryState() as SignInState | null)?.passwordChanged === true;
  const { submit, busy, next, hasNext } = useInlineClientTokenSubmit(
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
    {
      onSubmit: failure.clear,
      onFailure: (error) =>
        failure.show({ message: failureMessage(error, lang), field: fieldOf(error) }),
    },
  );

  return (
    <div className="account-card">
      <h1>{text.signin.title}</h1>
      <p className="account-card__subtitle">{text.signin.subtitle}</p>
      {passwordChanged && !failure.failure && (
        <Alert
          className="account-card__notice"
          type="success"
          showIcon
          role="status"
          title={siteMessages.auth.passwordChanged[lang]}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={failure.clear}
      >
        <Form.Item
          name="identity"
          label={text.signin.identity}
          validateStatus={failure.statusOf('identity')}
          rules={[
            { required: true, whitespace: true, message: siteMessages.auth.accountRequired[lang] },
          ]}
        >
          <Input
            autoComplete="username"
            placeholder={text.signin.identityPlaceholder}
            {...failure.controlProps('identity')}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={text.signin.password}
          validateStatus={failure.statusOf('password')}
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
          <Input.Password autoComplete="current-password" {...failure.controlProps('password')} />
        </Form.Item>
        <div className="account-card__forgot">
          <Link to={localize('/forgot-password')}>{text.signin.forgot}</Link>
        </div>
        {failure.alert}
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
