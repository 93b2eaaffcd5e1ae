import type { Plugin } from 'vite';

/** Where the report is written, inside the client build's output folder. */
export const BUNDLE_REPORT = '.vite/bundle-report.json';

/** `{ chunk file: { package or source folder: bytes of its code in the chunk, before minifying } }` */
export type BundleReport = Record<string, Record<string, number>>;

/** What a module counts under: its npm package, or its folder of the repository. */
function ownerOf(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1]!;
  const source = /\/(apps\/web\/src|packages\/[^/]+\/src)\/((?:[^/]+\/)?)/.exec(id);
  if (source) return `${source[1]}/${source[2]}`.replace(/\/$/, '');
  return id.startsWith('\0') ? 'bundler runtime' : id;
}

/**
 * Which package weighs what in each chunk of the client build (`npm run bench -- lighthouse`
 * prints it for the first visit's scripts): the module sizes the bundler reports, summed by owner.
 */
export function bundleReport(): Plugin {
  let ssr = false;
  return {
    name: 'hainiao-bundle-report',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const report: BundleReport = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const owners: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          const owner = ownerOf(id);
          owners[owner] = (owners[owner] ?? 0) + module.renderedLength;
        }
        report[file] = owners;
      }
      this.emitFile({ type: 'asset', fileName: BUNDLE_REPORT, source: JSON.stringify(report) });
    },
  };
}
