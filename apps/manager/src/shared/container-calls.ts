/**
 * Calls about one environment that several pages make: its full settings as id_container (type 1)
 * answers them, and a user agent for a system (and model) from the service's generator.
 */
import { BrowserCodes } from '@hainiao/contract';
import { ApiError, call } from './api.ts';
import type { UiLang } from './lang.tsx';

/** One environment as id_container (type 1) answers it. */
export type Container = Record<string, unknown>;

/** One environment's settings; a missing one fails with the start/status table's message. */
export async function loadContainer(id: string, lang: UiLang): Promise<Container> {
  const answer = await call('/api/v1/session/id_container', {
    Session_ID: [id],
    Session_container_type: 1,
  });
  const container = answer.listcontainer[0];
  if (!container || container.status !== BrowserCodes.code.SUCCESS) {
    // The status of a missing one is -22, whose message the start/status table holds.
    const status =
      typeof container?.status === 'number'
        ? container.status
        : BrowserCodes.code.SESSION_NOT_FOUND;
    const entry = BrowserCodes.get(status);
    throw new ApiError(status, entry?.[lang] ?? String(status));
  }
  return container;
}

/** A user agent for a system (and model), from the service's generator. */
export async function randomUserAgent(system: string, model: string): Promise<string> {
  const data = await call('/api/v1/session/random-user-agent', {
    SYSTEM: system,
    ...(model.trim() ? { MobileModel: model.trim() } : {}),
  });
  return data.User_Agent;
}
