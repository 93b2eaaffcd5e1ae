/**
 * Disable_video: video is blocked by what a request is and what its response says it carries,
 * never by the URL (streaming sites serve video from paths without an extension). Through
 * DevTools `Fetch` on each target's own session: media elements' requests (resource type
 * `Media`) and the requests a player streams through (`fetch`, XHR, others) pause once their
 * headers are in; a video or a streaming manifest fails as blocked by the client, anything else
 * goes on untouched. Nothing runs in the page.
 */
import type { CdpEvent, CdpConnection } from './cdp.ts';

/** What pauses, at the response stage (the headers are there; the body is not read yet). */
export const MEDIA_FETCH_PATTERNS = ['Media', 'XHR', 'Fetch', 'Other'].map((resourceType) => ({
  urlPattern: '*',
  resourceType,
  requestStage: 'Response',
}));

/** Streaming manifests (HLS, DASH, Smooth Streaming): a player needs them before any video. */
const MANIFEST_TYPES = new Set([
  'application/vnd.apple.mpegurl',
  'application/x-mpegurl',
  'audio/mpegurl',
  'audio/x-mpegurl',
  'application/dash+xml',
  'application/vnd.ms-sstr+xml',
]);

/** The MIME type of a response's headers, lower case, without parameters ('' without one). */
export function mimeTypeOf(headers: readonly { name: string; value: string }[]): string {
  const header = headers.find((h) => h.name.toLowerCase() === 'content-type');
  return (header?.value.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Whether a paused response is video: a video or manifest MIME type for any request; for a media
 * element's request, anything but plain audio (a `<video>` plays what it sniffs, whatever the
 * server calls it, so an unlabelled response counts as video; an `<audio>` keeps its sound).
 */
export function isVideoResponse(resourceType: string, mimeType: string): boolean {
  if (mimeType.startsWith('video/') || MANIFEST_TYPES.has(mimeType)) return true;
  return resourceType === 'Media' && !mimeType.startsWith('audio/');
}

interface PausedRequest {
  requestId: string;
  resourceType: string;
  responseStatusCode?: number;
  responseErrorReason?: string;
  responseHeaders?: { name: string; value: string }[];
}

/**
 * Answers every `Fetch.requestPaused` of the sessions `blocking` holds: fails the video ones,
 * continues the rest. One listener for the whole browser.
 */
export function answerPausedRequests(cdp: CdpConnection, blocking: ReadonlySet<string>): void {
  cdp.on('event', (event: CdpEvent) => {
    if (event.method !== 'Fetch.requestPaused' || !event.sessionId) return;
    if (!blocking.has(event.sessionId)) return;
    const paused = event.params as unknown as PausedRequest;
    const video =
      paused.responseErrorReason === undefined &&
      isVideoResponse(paused.resourceType, mimeTypeOf(paused.responseHeaders ?? []));
    void (video
      ? cdp.quiet(
          'Fetch.failRequest',
          { requestId: paused.requestId, errorReason: 'BlockedByClient' },
          event.sessionId,
        )
      : cdp.quiet('Fetch.continueRequest', { requestId: paused.requestId }, event.sessionId));
  });
}

/** Starts the interception on one target's session (before it runs, so from its first request). */
export function blockVideo(cdp: CdpConnection, sessionId: string): Promise<void> {
  return cdp.quiet('Fetch.enable', { patterns: MEDIA_FETCH_PATTERNS }, sessionId);
}
