/**
 * This client's version: the local API and the manager ship as one program (`npm run package`),
 * numbered by this package's package.json. The JSON is bundled into the packaged program (esbuild
 * inlines it), so the number travels with the code, never read from a file beside it.
 */
import pkg from '../package.json' with { type: 'json' };

export const CLIENT_VERSION: string = pkg.version;
