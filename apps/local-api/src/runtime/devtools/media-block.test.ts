/**
 * Disable_video's decision without a browser: what is video by resource type and MIME type, never
 * by the URL (settings-browser.test.ts proves it in Chromium).
 */
import { expect, test } from 'vitest';
import { isVideoResponse, MEDIA_FETCH_PATTERNS, mimeTypeOf } from './media-block.ts';

test('the MIME type of a response: any header case, parameters dropped, lower case', () => {
  expect(mimeTypeOf([{ name: 'Content-Type', value: 'Video/WebM; codecs="vp8"' }])).toBe(
    'video/webm',
  );
  expect(mimeTypeOf([{ name: 'content-type', value: 'application/json' }])).toBe(
    'application/json',
  );
  expect(mimeTypeOf([])).toBe('');
});

test('video and streaming manifests are blocked whatever asked for them; the rest goes on', () => {
  for (const type of ['Media', 'XHR', 'Fetch', 'Other']) {
    expect(isVideoResponse(type, 'video/mp4')).toBe(true);
    expect(isVideoResponse(type, 'video/mp2t')).toBe(true);
    expect(isVideoResponse(type, 'application/vnd.apple.mpegurl')).toBe(true);
    expect(isVideoResponse(type, 'application/dash+xml')).toBe(true);
  }
  expect(isVideoResponse('Fetch', 'application/json')).toBe(false);
  expect(isVideoResponse('XHR', 'application/octet-stream')).toBe(false);
  expect(isVideoResponse('Fetch', 'audio/mpeg')).toBe(false);
});

test("a media element's response is video unless it is plain audio (players sniff the rest)", () => {
  expect(isVideoResponse('Media', 'application/octet-stream')).toBe(true);
  expect(isVideoResponse('Media', '')).toBe(true);
  expect(isVideoResponse('Media', 'audio/ogg')).toBe(false);
  expect(isVideoResponse('Media', 'audio/mpegurl')).toBe(true);
});

test('only the request types a player streams through pause, at the response stage', () => {
  expect(MEDIA_FETCH_PATTERNS.map((p) => p.resourceType)).toEqual([
    'Media',
    'XHR',
    'Fetch',
    'Other',
  ]);
  expect(new Set(MEDIA_FETCH_PATTERNS.map((p) => p.requestStage))).toEqual(new Set(['Response']));
});
