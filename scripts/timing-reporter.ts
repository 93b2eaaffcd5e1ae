import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the run names. */
const SHOWN = 20;

/**
 * Names the slowest test files at the end of the run (time in their tests and hooks, and to load
 * them), so that where the suite's time goes is seen on every run, CI's included, and the next
 * speed-up starts from a figure rather than a guess.
 */
export default class TimingReporter implements Reporter {
  private readonly files: { file: string; project: string; seconds: number }[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const { duration, collectDuration, setupDuration } = testModule.diagnostic();
    this.files.push({
      file: path.relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      seconds: (duration + collectDuration + setupDuration) / 1000,
    });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const slowest = [...this.files].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    const total = this.files.reduce((sum, f) => sum + f.seconds, 0);
    console.log(
      `\nslowest ${slowest.length} of ${this.files.length} files (${total.toFixed(0)} s in all):`,
    );
    for (const { file, project, seconds } of slowest) {
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${project.padEnd(11)} ${file}`);
    }
  }
}
