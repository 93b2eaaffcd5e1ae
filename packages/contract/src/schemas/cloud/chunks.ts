/**
 * The cloud's store of profile chunks (issue 13, "Profiles travel too, when asked"): a browser
 * profile travels as content-addressed chunks, each named by the SHA-256 of its raw bytes and sent
 * compressed. The local API asks which chunks its account lacks (`chunkmissing`), sends those
 * (`chunkput`), and fetches what another machine needs (`chunkget`). All three take the device
 * lease token; an account reads only chunks it sent itself (or that the cloud lets it read through
 * an environment shared with it), so nobody can probe another account's data by hash.
 */
import { z } from 'zod';
import { leaseTokenField as leaseToken } from './local.ts';
import { ValidationKey, commonFields } from './content.ts';

const INVALID = ValidationKey.invalidParameter;

/** Largest chunk (raw bytes) the cloud accepts; the local API cuts files into 64 KiB blocks. */
export const CHUNK_MAX_BYTES = 1024 * 1024;
/**
 * Largest compressed chunk: a little over the raw cap, because incompressible bytes grow by a few
 * bytes per block in brotli (and any other compressor).
 */
export const CHUNK_STORED_MAX_BYTES = CHUNK_MAX_BYTES + 64 * 1024;
/** Hashes one `chunkmissing` call may ask about. */
export const CHUNK_MISSING_MAX = 1000;

/** A chunk's name: the SHA-256 of its raw bytes, 64 lower-case hex digits. */
export const CHUNK_HASH = /^[0-9a-f]{64}$/;

const EXAMPLE_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

const hash = z
  .string({ error: INVALID })
  .regex(CHUNK_HASH, { error: INVALID })
  .describe('SHA-256 of the raw (uncompressed) chunk, 64 lower-case hex digits')
  .meta({ zh: '原始（未压缩）数据块的 SHA-256，64 位小写十六进制', example: EXAMPLE_HASH });

/** The `hashes` field: a JSON array of 1 to CHUNK_MISSING_MAX chunk hashes. */
export function parseChunkHashes(value: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length > CHUNK_MISSING_MAX) return undefined;
  if (!parsed.every((item) => typeof item === 'string' && CHUNK_HASH.test(item))) return undefined;
  return parsed as string[];
}

const hashes = z
  .string({ error: INVALID })
  .refine((value) => parseChunkHashes(value) !== undefined, { error: INVALID })
  .transform((value) => parseChunkHashes(value) ?? [])
  .describe(`JSON array of at most ${CHUNK_MISSING_MAX} chunk hashes (SHA-256, lower-case hex)`)
  .meta({
    zh: `数据块哈希（SHA-256，小写十六进制）的 JSON 数组，最多 ${CHUNK_MISSING_MAX} 个`,
    example: JSON.stringify([EXAMPLE_HASH]),
  });

/** POST /api/hainiao/chunkmissing: which of `hashes` the caller's account has not stored yet. */
export const chunkMissingFields = commonFields.extend({ token: leaseToken, hashes });
export type ChunkMissingFields = z.infer<typeof chunkMissingFields>;

/**
 * POST /api/hainiao/chunkput: one chunk, the text fields and then one file part with the chunk's
 * bytes compressed with brotli (the file part is not in the schema; the handler reads it).
 */
export const chunkPutFields = commonFields.extend({ token: leaseToken, hash });
export type ChunkPutFields = z.infer<typeof chunkPutFields>;

/**
 * POST /api/hainiao/chunkget: one chunk, compressed as it was sent. `env_id` names the environment
 * the chunk is read through when it belongs to another account (a shared or team environment).
 */
export const chunkGetFields = commonFields.extend({
  token: leaseToken,
  hash,
  env_id: z
    .string({ error: INVALID })
    .max(64, { error: INVALID })
    .optional()
    .describe('Environment the chunk is read through (shared or team environments)')
    .meta({ zh: '通过哪个环境读取该数据块（共享或团队环境）', example: 'a1b2c3d4' }),
});
export type ChunkGetFields = z.infer<typeof chunkGetFields>;

// --- Answers (the `data` on code 0) ---

/** `data` of chunkmissing: the asked hashes the account lacks, in the order asked. */
export const chunkMissingAnswer = z.strictObject({ missing: z.array(z.string()) });
export type ChunkMissingAnswer = z.infer<typeof chunkMissingAnswer>;

/** `data` of chunkput: the chunk's raw and stored sizes. */
export const chunkPutAnswer = z.strictObject({ size: z.number(), stored_size: z.number() });
export type ChunkPutAnswer = z.infer<typeof chunkPutAnswer>;

/**
 * chunkget never answers JSON with code 0: on success the body is the compressed chunk
 * (`application/octet-stream`); failures are the usual JSON answers.
 */
export const chunkGetAnswer = z
  .never()
  .describe(
    'No JSON on success: the body is the brotli-compressed chunk (application/octet-stream)',
  );

/** Why a chunk call failed, in both languages (answered with the cloud's codes). */
export const chunkMessages = {
  fileMissing: {
    en: 'The chunk file part is missing: send the fields, then one file with the compressed bytes',
    zh: '缺少数据块文件：请先发送字段，再发送一个包含压缩数据的文件',
  },
  fileBeforeToken: {
    en: 'The chunk file part came before the token: send the token and hash first',
    zh: '数据块文件出现在 Token 之前：请先发送 Token 和哈希',
  },
  tooLarge: {
    en: 'The chunk is larger than {limit} bytes',
    zh: '数据块超过 {limit} 字节',
  },
  notCompressed: {
    en: 'The chunk is not valid brotli-compressed data',
    zh: '数据块不是有效的 brotli 压缩数据',
  },
  hashMismatch: {
    en: 'The chunk does not match its hash {hash}: it was damaged on the way, send it again',
    zh: '数据块与其哈希 {hash} 不符：传输中已损坏，请重新发送',
  },
  notFound: {
    en: 'Chunk {hash} is not stored for this account',
    zh: '此账号未存储数据块 {hash}',
  },
} as const;
