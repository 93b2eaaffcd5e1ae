import { Link, useNavigate } from '../../shared/router.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { clearSession, useSession } from './session.ts';

/** The entry's words, from the shell's copy (the header shows it on every page). */
export interface AccountMenuText {
  signIn: string;
  signOut: string;
  account: string;
  console: string;
}

/**
 * The header's account entry: "Sign in" for visitors; the signed-in email (to the console) and
 * "Sign out" otherwise. Plain elements, so public pages carry no Ant Design.
 */
export function AccountMenu({ text }: { text: AccountMenuText }) {
  const session = useSession();
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();

  if (!session) {
    return (
      <Link className="account-entry account-entry--signin" to={localize('/signin')}>
        {text.signIn}
      </Link>
    );
  }

  async function leave(token: string) {
    // The session ends locally even if the cloud cannot be reached; the token then expires.
    // The cloud client (and its answer checks) loads only now: public pages carry none of it.
    await import('../../api/cloud.ts')
      .then(({ callCloud }) => callCloud('/api/hainiao/signout', { token }, lang))
      .catch(() => undefined);
    clearSession();
    void navigate(localize('/'));
  }

  return (
    <div className="account-entry" aria-label={text.account} role="group">
      <Link className="account-entry__email" to={localize('/api')} title={text.console}>
        {session.email}
      </Link>
      <button
        type="button"
        className="account-entry__signout"
        onClick={() => void leave(session.token)}
      >
        {text.signOut}
      </button>
    </div>
  );
}
