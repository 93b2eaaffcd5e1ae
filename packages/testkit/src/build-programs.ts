/**
 * The cloud and the local API as programs: each app's TypeScript, with the workspace packages it
 * imports, bundled by esbuild into one ES module in the app's `dist/`; third-party packages stay
 * outside and load from node_modules as published (native bindings, data files and optional
 * dependencies work as they do from the sources). `npm start` and the tests run these: a start
 * through tsx's loader costs ~3.5 s of CPU per process, the program ~1.7 s (measured on the cloud
 * and the local API), and the suite starts about a hundred of them.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const require = createRequire(import.meta.url);

const PROGRAMS = {
  cloud: { entry: '@hainiao/cloud/server', pkg: '@hainiao/cloud', file: 'server.mjs' },
  'local-api': {
    entry: '@hainiao/local-api/service',
    pkg: '@hainiao/local-api',
    file: 'hainiao-api.mjs',
  },
} as const;
export type ProgramName = keyof typeof PROGRAMS;

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const outputOf = (name: ProgramName) =>
  path.join(packageDir(PROGRAMS[name].pkg), 'dist', PROGRAMS[name].file);
// What the last build read, to tell when it is stale.
const inputsOf = (name: ProgramName) => `${outputOf(name)}.inputs.json`;

/**
 * Node's arguments that run the built program (`buildProgramsIfStale` makes it), its stack traces
 * naming the TypeScript sources.
 */
export function programCommand(name: ProgramName): string[] {
  const file = outputOf(name);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is not built: npm test and npm start build it (buildProgramsIfStale)`);
  }
  return ['--enable-source-maps', file];
}

/**
 * A module keeps its own location: `import.meta.url` and `import.meta.dirname` in a bundled
 * source file name that file (the apps read files beside their modules: FAQ sources, seed files,
 * page scripts), except in the entry, whose "am I the main module" check compares with argv[1].
 */
function ownLocation(entry: string): esbuild.Plugin {
  return {
    name: 'own-location',
    setup(build) {
      // Bare imports other than the workspace's and JSON stay imports of node_modules.
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@hainiao/') || args.path.endsWith('.json')
          ? undefined
          : { path: args.path, external: true },
      );
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        const contents =
          args.path === entry
            ? text
            : text
                .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
                .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

function isStale(name: ProgramName): boolean {
  const output = outputOf(name);
  if (!fs.existsSync(output) || !fs.existsSync(inputsOf(name))) return true;
  const built = fs.statSync(output).mtimeMs;
  const inputs = JSON.parse(fs.readFileSync(inputsOf(name), 'utf8')) as string[];
  return inputs.some((input) => !fs.existsSync(input) || fs.statSync(input).mtimeMs > built);
}

async function build(name: ProgramName): Promise<void> {
  const entry = require.resolve(PROGRAMS[name].entry);
  const output = outputOf(name);
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: output,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [ownLocation(entry)],
  });
  const root = process.cwd();
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
  fs.mkdirSync(path.dirname(output), { recursive: true });
  // Written aside and renamed: a program being started never reads a half-written file, and two
  // builds at once (two lanes' setups) leave one whole file.
  const temp = `${output}.${process.pid}.tmp`;
  fs.writeFileSync(temp, result.outputFiles[0]!.contents);
  fs.writeFileSync(`${temp}.inputs`, JSON.stringify(inputs));
  fs.renameSync(temp, output);
  fs.renameSync(`${temp}.inputs`, inputsOf(name));
}

/** Builds each program whose file is missing or older than a file it was made from. */
export async function buildProgramsIfStale(): Promise<void> {
  const stale = (Object.keys(PROGRAMS) as ProgramName[]).filter(isStale);
  if (stale.length === 0) return;
  console.log(`Building ${stale.join(' and ')}…`);
  await Promise.all(stale.map(build));
}
