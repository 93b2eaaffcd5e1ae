/**
 * What the page scripts use beyond TypeScript's DOM library: Chromium-only and V8-only properties
 * (the detector reads them where they exist), and the globals the scripts define for each other.
 * Checked by `npm run typecheck` (tsconfig.json here: the page's realm; tsconfig.worker.json: the
 * workers').
 */
interface Navigator {
  readonly userAgentData?: {
    readonly platform: string;
    getHighEntropyValues(hints: string[]): Promise<Record<string, unknown>>;
  };
  readonly deviceMemory?: number;
}

interface Screen {
  readonly availLeft?: number;
  readonly availTop?: number;
}

interface ErrorConstructor {
  stackTraceLimit: number;
  prepareStackTrace?: (error: Error, stack: unknown[]) => unknown;
}

interface Window {
  /** self-check-page.js: the report, once every realm has answered. */
  hainiaoSelfCheck?: Promise<unknown>;
}

/** self-check-detector.js's one global. */
declare const hainiaoLieDetector: {
  run(scope: string, options?: { ignoreGlobals?: string[] }): Promise<unknown>;
};
