/** The bodies of the environment calls as sent (the contract's schemas' input, before their transforms). */
import type {
  createSessionBody,
  sessionAdvSettingBody,
  updateSessionBody,
  updateSessionProxyBody,
} from '@hainiao/contract';
import type { z } from 'zod';

export type CreateInput = z.input<typeof createSessionBody>;
export type UpdateInput = z.input<typeof updateSessionBody>;
export type AdvInput = z.input<typeof sessionAdvSettingBody>;
export type ProxyInput = z.input<typeof updateSessionProxyBody>;
