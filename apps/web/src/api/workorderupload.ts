import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/workorderupload`: one file; it counts only with code 0 and a file id. */
export function uploadAttachment(
  token: string,
  file: File,
  lang: Lang,
): Promise<{ fileid: string; filepath: string; msg: string }> {
  return cloudPost('/api/hainiao/workorderupload', { token }, lang, { files: { file } });
}
