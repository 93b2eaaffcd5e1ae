import { SyncCodes } from '@hainiao/contract';
import { CloudError } from '../../http/envelope.ts';

/** A sync failure with its code and both messages (packages/contract/src/codes/sync.ts). */
export function syncFailure(name: keyof typeof SyncCodes.code): CloudError {
  const code = SyncCodes.code[name];
  const entry = SyncCodes.get(code)!;
  return new CloudError(code, { en: entry.en, zh: entry.zh });
}
