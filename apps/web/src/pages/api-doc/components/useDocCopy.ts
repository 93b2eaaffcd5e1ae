import { apiDocCopy, type ApiDocCopy } from '../../../locales/pages/api-doc.ts';
import { useCopy } from '../../../shared/useCopy.ts';

/** The documentation shell's copy in the URL's language. */
export function useDocCopy(): ApiDocCopy {
  return useCopy(apiDocCopy);
}
