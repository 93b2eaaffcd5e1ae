/** What to tell the user about a failed call: the server's message (already in the UI language). */
import { ApiError } from '../api.ts';

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
