import { z } from 'zod';

// The site's CSP has no 'unsafe-eval' (apps/cloud/src/site/headers.ts). zod 4 probes `new Function`
// before compiling a fast object parser, which the browser reports as a CSP violation; parse
// without it. Imported first by the client entry so it is set before any answer is parsed.
z.config({ jitless: true });
