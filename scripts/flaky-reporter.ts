import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only on a retry (the browser and end-to-end lanes retry once:
 * real Chromium on a shared 2-core machine). A retry must not hide a flaky test, so each one is
 * listed at the end of the run for someone to mend.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const { flaky, retryCount } = testCase.diagnostic() ?? { flaky: false, retryCount: 0 };
    if (!flaky) return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    // What the failed attempt said, so that the flake can be mended from CI's log alone.
    const error = testCase.result().errors?.[0];
    const first = error?.message?.split('\n').slice(0, 6).join('\n    ');
    // And where: the failed attempt's line in the test file.
    const frame = error?.stacks?.find((s) => s.file === testCase.module.moduleId);
    const where = frame ? ` at ${file}:${frame.line}:${frame.column}` : '';
    this.flaky.push(
      `${file} > ${testCase.fullName} (retried ${retryCount}×)${first ? `\n    ${first}${where}` : ''}`,
    );
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.warn(`\n*** ${this.flaky.length} test(s) passed only on a retry (flaky):`);
    for (const line of this.flaky) console.warn(`  ${line}`);
  }
}
