/**
 * Accounts for end-to-end tests, made as an operator makes them: the admin command on the
 * system's store (`startTestSystem().adminEnv`).
 */
import { runAdmin } from '@hainiao/cloud/admin';

export const TEST_PASSWORD = 'correct-horse-7';

/** The admin command against a system's store; answers what it printed. */
export function adminOf(system: { adminEnv: NodeJS.ProcessEnv }) {
  return async (...argv: string[]): Promise<string> => {
    const lines: string[] = [];
    await runAdmin(argv, system.adminEnv, (line) => lines.push(line));
    return lines.join('\n');
  };
}

/** An account `<name>@example.com` with TEST_PASSWORD and one API credential, as /login takes it. */
export async function accountWithCredential(
  admin: (...argv: string[]) => Promise<string>,
  name: string,
): Promise<{ Account: string; APP_ID: string; APP_KEY: string }> {
  await admin(
    'account:create',
    '--account',
    name,
    '--email',
    `${name}@example.com`,
    '--password',
    TEST_PASSWORD,
  );
  const out = await admin('credential:create', '--account', name);
  return {
    Account: name,
    APP_ID: /app_id\s+(\w+)/.exec(out)?.[1] ?? '',
    APP_KEY: /app_key\s+(\w+)/.exec(out)?.[1] ?? '',
  };
}
