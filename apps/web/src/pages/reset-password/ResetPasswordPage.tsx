import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from '../../shared/router.ts';
import {
  format,
  resetPasswordForm,
  siteMessageByKey,
  siteMessages,
  type Lang,
} from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { clearSession } from '../../features/account/session.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import type { SignInState } from '../signin/SignInPage.tsx';
import { failureMessage, useFormFailure } from '../signin/useFormFailure.tsx';
import { resetPasswordCopy } from './copy.ts';
import '../../features/account/account.css';
import '../signin/account-forms.css';

interface Values {
  password: string;
  confirm: string;
}

/** The cloud's own password rule (the sign-up rule, from the contract), with its messages. */
function passwordRule(lang: Lang, label: string) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const result = resetPasswordForm.shape.password.safeParse(value ?? '');
      if (result.success) return;
      const message =
        siteMessageByKey(result.error.issues[0]?.message ?? '') ??
        siteMessages.validation.invalidParameter;
      throw new Error(format(message[lang], { field: label }));
    },
  };
}

/**
 * The page the forgot-password mail links to (`?token=…`): the new password twice, with the
 * sign-up rules. On success every session of the account has ended; the visitor goes to sign-in,
 * which says so. A link that is unknown, used or expired says that, with a way to ask again.
 */
function ResetPasswordForm() {
  const text = useCopy(resetPasswordCopy);
  const passwordHelp = useAccountText().signup.passwordHelp;
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [form] = Form.useForm<Values>();
  const failure = useFormFailure<'password'>(form);
  const [busy, setBusy] = useState(false);
  const [linkDead, setLinkDead] = useState(token === '');

  async function submit(values: Values) {
    failure.clear();
    setBusy(true);
    try {
      await callCloud('/api/hainiao/resetpassword', { token, password: values.password }, lang);
      // The session this browser kept, if it was this account's, has just been revoked.
      clearSession();
      const state: SignInState = { passwordChanged: true };
      void navigate(localize('/signin'), { replace: true, state });
    } catch (error) {
      if (error instanceof CloudCallError && error.code === 401) {
        setLinkDead(true);
        return;
      }
      const field = error instanceof CloudCallError && error.code === 1 ? 'password' : undefined;
      failure.show({ message: failureMessage(error, lang), field });
    } finally {
      setBusy(false);
    }
  }

  if (linkDead) {
    return (
      <div className="account-card">
        <h1>{text.title}</h1>
        <Alert
          className="account-card__notice"
          type="error"
          showIcon
          role="alert"
          title={siteMessages.auth.resetLinkInvalid[lang]}
        />
        <div className="account-card__actions">
          <Link to={localize('/forgot-password')}>{text.askAgain}</Link>
          <Link to={localize('/signin')}>{text.backToSignIn}</Link>
        </div>
      </div>
    );
  }

  return (
    <div className="account-card">
      <h1>{text.title}</h1>
      <p className="account-card__subtitle">{text.subtitle}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={failure.clear}
      >
        <Form.Item
          name="password"
          label={text.password}
          extra={passwordHelp}
          validateStatus={failure.statusOf('password')}
          rules={[passwordRule(lang, text.password)]}
        >
          <Input.Password autoComplete="new-password" {...failure.controlProps('password')} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={text.confirm}
          dependencies={['password']}
          rules={[
            { required: true, message: text.mismatch },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(text.mismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {failure.alert}
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {text.submit}
        </Button>
      </Form>
    </div>
  );
}

export default function ResetPasswordPage() {
  usePageMeta(useCopy(resetPasswordCopy).meta);
  return (
    <section className="account-page">
      <ResetPasswordForm />
    </section>
  );
}
