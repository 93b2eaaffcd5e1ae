/**
 * Who is signed in to the local service. The service holds one login for the whole machine; the
 * manager asks it (GET /manager/state) instead of keeping a login of its own, so a login made by
 * a script or at start-up shows here too.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { call } from './api.ts';
import type { UpdateInfo } from './running.tsx';

export interface ServiceState {
  account: string | null;
  /** The cloud site (where credentials are made), as the service was started with it. */
  cloud: string | null;
  /** Whether the service keeps a sign-in across its restarts (--remember-login). */
  rememberLogin?: boolean;
  /** The machine's system: another shows some values in pages only (PAGE_ONLY_VALUES). */
  hostSystem?: string;
  /** Copies pulled from the cloud that the service refused to apply, and why. */
  syncSkipped?: { envId: string; owner: string; version: number; reason: string; at: number }[];
  /** Changes not yet in the cloud, and since when this machine holds all the cloud had. */
  sync?: { pending: number; syncedAt: string | null };
  /** Whether a newer client is published (also pushed with the running environments). */
  update?: UpdateInfo & { checkedAt: string | null };
}

export interface Membership {
  account: string;
  /** 0 main account, 1 sub-account. */
  type: number;
  registered: string;
  expires: string;
}

interface AuthValue {
  state: ServiceState | undefined;
  /** Re-reads the service's state (after a sign-in, or when the event stream says it changed). */
  refresh(): Promise<void>;
  /** Signs in with an account name or email; resolves to the account's name. */
  signIn(account: string, appId: string, appKey: string): Promise<string>;
  signOut(): Promise<void>;
  membership: Membership | undefined;
}

const AuthContext = createContext<AuthValue | null>(null);

async function readState(): Promise<ServiceState> {
  const response = await fetch('/manager/state', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as ServiceState;
}

interface MembersAnswer {
  data: string;
  account_expire_date: string;
  account_reg_date: string;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ServiceState>();
  // Kept with the account it belongs to, so a switch of account never shows the old one's.
  const [member, setMember] = useState<{ of: string; value: Membership }>();

  const refresh = useCallback(async () => {
    try {
      setState(await readState());
    } catch {
      setState((previous) => previous ?? { account: null, cloud: null });
    }
  }, []);

  useEffect(() => {
    let live = true;
    readState()
      .then((read) => live && setState(read))
      .catch(() => live && setState({ account: null, cloud: null }));
    return () => {
      live = false;
    };
  }, []);

  // The account's type and dates, each time the signed-in account changes.
  const account = state?.account ?? null;
  useEffect(() => {
    if (!account) return;
    let live = true;
    membersOf(account)
      .then((value) => live && setMember({ of: account, value }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [account]);

  const signIn = useCallback(
    async (name: string, appId: string, appKey: string) => {
      const answer = await call('/login', {
        Account: name,
        APP_ID: appId,
        APP_KEY: appKey,
      });
      await refresh();
      return answer?.Account ?? name;
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    await fetch('/manager/sign-out', { method: 'POST' });
    await refresh();
  }, [refresh]);

  const membership = member && member.of === account ? member.value : undefined;
  const value = useMemo(
    () => ({ state, refresh, signIn, signOut, membership }),
    [state, refresh, signIn, signOut, membership],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** /members answers the dates beside `data` ("<Account>,<type>"): read the whole answer. */
async function membersOf(account: string): Promise<Membership> {
  const response = await fetch('/members', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Account: account }),
  });
  const answer = (await response.json()) as MembersAnswer & { status: number };
  if (answer.status !== 0) throw new Error('members');
  const [name = account, type = '0'] = answer.data.split(',');
  return {
    account: name,
    type: Number(type),
    registered: answer.account_reg_date,
    expires: answer.account_expire_date,
  };
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs a <AuthProvider> above it');
  return value;
}
