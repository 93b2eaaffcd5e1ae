/**
 * `npm run bench`: runs every benchmark under bench/ (files named *.bench.ts, each exporting a
 * `run()` that returns a markdown table) and prints the tables. Targets are ratios against a
 * baseline measured in the same run, never absolute times.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildProgramsIfStale } from '@hainiao/testkit/build-programs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const benches = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();
const only = process.argv[2];
// Benches that start the cloud or the local API start the built programs.
await buildProgramsIfStale();

for (const file of benches) {
  if (only && !file.includes(only)) continue;
  const bench = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    run: () => Promise<string>;
  };
  console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}\n`);
  console.log(await bench.run());
}
if (benches.length === 0) console.log('No benchmarks yet.');
