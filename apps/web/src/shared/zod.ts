/**
 * What `zod` is in the site's build (vite.config.ts aliases it here): zod itself, set to parse
 * without compiling code first. The site's CSP has no 'unsafe-eval' (apps/cloud/src/site/headers.ts),
 * and zod 4 probes `new Function` before compiling a fast object parser, which the browser reports as
 * a violation. A schema takes the setting when it is made, so it must be set before any schema
 * module runs: here, where every one of them gets zod from. Pages that never parse load none of it.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
