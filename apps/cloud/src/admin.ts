/**
 * The operators' command (docs/architecture.md, "Accounts"), one verb each:
 *   npm run admin -- migrate                              (migrations and missing demo content; before a rollout)
 *   npm run admin -- account:create --account NAME --email EMAIL --password PW [--role staff] [--team-of MAIN] [--expire YYYY-MM-DD]
 *   npm run admin -- credential:create --account NAME     (prints app_id and app_key)
 *   npm run admin -- clienttoken --account NAME           (prints a one-time /route link)
 *   npm run admin -- team:list --account MAIN             (the team's members, type, dates, online)
 * It works on the same database as the cloud (DATABASE_URL or data/cloud.sqlite).
 */
import { parseArgs } from 'node:util';
import { ACCOUNT_NAME_PATTERN, isIsoDate, PASSWORD_MIN } from '@hainiao/contract';
import { loadConfig } from './config.ts';
import { openDatabase, type CloudDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { accountService } from './modules/accounts/service.ts';
import { credentialService } from './modules/credentials/service.ts';
import { DomainError } from './modules/domain-errors.ts';
import { teamService } from './modules/team/service.ts';
import { deriveKeys, loadSecret } from './security/secret.ts';
import { prepareStore } from './setup.ts';
import { openStores } from './storage/stores.ts';

const USAGE = `usage:
  npm run admin -- migrate
  npm run admin -- account:create --account NAME --email EMAIL --password PW [--role staff] [--team-of MAIN] [--expire YYYY-MM-DD]
  npm run admin -- credential:create --account NAME
  npm run admin -- clienttoken --account NAME [--url /api]
  npm run admin -- team:list --account MAIN`;

export async function runAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console.log,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      account: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'team-of': { type: 'string' },
      expire: { type: 'string' },
      url: { type: 'string' },
    },
  });
  const verb = positionals[0];
  if (
    !verb ||
    !['migrate', 'account:create', 'credential:create', 'clienttoken', 'team:list'].includes(verb)
  )
    throw new Error(USAGE);
  const config = loadConfig(env);
  if (verb === 'migrate') {
    await migrate(config, env);
    out('database migrated, demo content in place');
    return;
  }
  if (!values.account) throw new Error(`--account is required\n${USAGE}`);

  const database: CloudDatabase = openDatabase(config.databaseUrl, {
    schema: config.databaseSchema,
    namedStatements: config.namedStatements,
  });
  try {
    await migrateToLatest(database);
    const accounts = accountService(database);
    if (verb === 'account:create') {
      if (!values.email || !values.password)
        throw new Error(`--email and --password are required\n${USAGE}`);
      if (!ACCOUNT_NAME_PATTERN.test(values.account))
        throw new Error('--account may hold letters, digits, _ . - only');
      if (values.password.length < PASSWORD_MIN)
        throw new Error(`--password needs at least ${PASSWORD_MIN} characters`);
      if (values.role && values.role !== 'staff') throw new Error('--role can only be staff');
      if (values.expire && !isIsoDate(values.expire))
        throw new Error('--expire must be YYYY-MM-DD');
      const created = await accounts.create({
        account: values.account,
        email: values.email,
        password: values.password,
        role: values.role === 'staff' ? 'staff' : 'user',
        ...(values['team-of'] ? { teamOf: values['team-of'] } : {}),
        ...(values.expire ? { expireAt: new Date(`${values.expire}T23:59:59Z`) } : {}),
      });
      out(
        `account ${created.account} created (type ${created.type}${created.role === 'staff' ? ', staff' : ''}, package until ${created.expire_at.slice(0, 10)})`,
      );
      return;
    }
    const account = await accounts.findByIdentity({ Account: values.account });
    if (!account) throw new Error(`no account named ${values.account}`);
    if (verb === 'credential:create') {
      const credentials = credentialService(
        database,
        accounts,
        deriveKeys(loadSecret(config.dataDir, env)),
      );
      const { app_id, app_key } = await credentials.apply(account);
      out(`app_id  ${app_id}\napp_key ${app_key}`);
      return;
    }
    if (verb === 'team:list') {
      const keys = deriveKeys(loadSecret(config.dataDir, env));
      const credentials = credentialService(database, accounts, keys);
      const team = await teamService(database, accounts, credentials).list(account);
      out(
        `team of ${team.main}: ${team.members.length} members, credentials ${team.held}/${team.quota}`,
      );
      for (const m of team.members) {
        out(
          `${m.Account}\ttype ${m.type}\t${m.email}\tregistered ${m.account_reg_date.slice(0, 10)}\tuntil ${m.account_expire_date.slice(0, 10)}${m.online ? '\tonline' : ''}`,
        );
      }
      return;
    }
    const token = await accounts.issueClientToken(account.id);
    const target = values.url ?? '/api';
    const base = env.SITE_URL ?? `http://localhost:${config.port}`;
    out(`${base}/route?token=${encodeURIComponent(token)}&url=${encodeURIComponent(target)}`);
  } catch (error) {
    // A refusal of the services (a taken name, a full quota) as its English message.
    if (error instanceof DomainError) throw new Error(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

/** What every instance does at start, once, before a rollout (docs/running-at-scale.md). */
async function migrate(config: ReturnType<typeof loadConfig>, env: NodeJS.ProcessEnv) {
  const database = openDatabase(config.databaseUrl, {
    schema: config.databaseSchema,
    namedStatements: config.namedStatements,
  });
  const stores = openStores(config);
  try {
    await prepareStore(database, {
      releases: stores.releases,
      secret: loadSecret(config.dataDir, env),
    });
  } finally {
    await database.close();
    stores.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
