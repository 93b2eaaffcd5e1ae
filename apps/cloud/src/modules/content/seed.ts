import type { CloudDatabase } from '../../db/database.ts';

/** Demo content for a fresh install: the current client version and the downloadable cores. */
export const DEMO_VERSION = '2.8.1';

export const DEMO_CORES = [106, 104, 102, 100, 98, 95].map((core, index) => ({
  name: `Hainiao ${DEMO_VERSION} · Chromium ${core}`,
  version: `${DEMO_VERSION}.${core}`,
  core,
  path: `/downloads/hainiao-${DEMO_VERSION}-chromium${core}-setup.exe`,
  sort: index,
}));

/** Seeds only what is missing, so operators' changes survive restarts. */
export async function seedContent({ db }: CloudDatabase): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const version = await trx
      .selectFrom('setting')
      .select('value')
      .where('key', '=', 'client_version')
      .executeTakeFirst();
    if (!version) {
      await trx
        .insertInto('setting')
        .values({ key: 'client_version', value: DEMO_VERSION })
        .execute();
    }
    const cores = await trx
      .selectFrom('browser_core')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(cores.n) === 0) await trx.insertInto('browser_core').values(DEMO_CORES).execute();
  });
}
