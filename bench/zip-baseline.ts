/**
 * The baseline of the sync benchmarks: what GoLogin-style clients do, a whole-zip upload of the
 * data (fflate), sent as 1 MiB pieces through the cloud's chunkput call with 8 in flight, and
 * its download (every piece, then unzip).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { CHUNK_MAX_BYTES } from '@hainiao/contract';
import type { ChunkClient } from '@hainiao/local-api/cloud/chunks.ts';

/** Zips `files` (path → bytes) and uploads the zip. */
export async function zipUpload(client: ChunkClient, files: Zippable) {
  const zip = Buffer.from(zipSync(files, { level: 6 }));
  let bytesSent = 0;
  const pieces: Buffer[] = [];
  for (let at = 0; at < zip.length; at += CHUNK_MAX_BYTES) {
    pieces.push(zip.subarray(at, at + CHUNK_MAX_BYTES));
  }
  let next = 0;
  const worker = async () => {
    while (next < pieces.length) {
      const piece = pieces[next++]!;
      const packed = zlib.brotliCompressSync(piece, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
      });
      await client.put(createHash('sha256').update(piece).digest('hex'), packed);
      bytesSent += packed.length;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const hashes = pieces.map((piece) => createHash('sha256').update(piece).digest('hex'));
  return { bytesSent, zipBytes: zip.length, hashes };
}

/** Downloads every piece and unzips into `into`. */
export async function zipDownload(client: ChunkClient, hashes: readonly string[], into: string) {
  const pieces: Buffer[] = new Array<Buffer>(hashes.length);
  let bytesReceived = 0;
  let next = 0;
  const worker = async () => {
    while (next < hashes.length) {
      const index = next++;
      const packed = await client.get(hashes[index]!);
      bytesReceived += packed.length;
      pieces[index] = zlib.brotliDecompressSync(packed);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  for (const [name, data] of Object.entries(unzipSync(Buffer.concat(pieces)))) {
    fs.mkdirSync(path.dirname(path.join(into, name)), { recursive: true });
    fs.writeFileSync(path.join(into, name), data);
  }
  return { bytesReceived };
}
