import type { FastifyInstance } from 'fastify';
import { CHUNK_STORED_MAX_BYTES, chunkGetFields, chunkMessages, format } from '@hainiao/contract';
import { authenticatorsOf } from '../../http/auth.ts';
import { CloudError } from '../../http/envelope.ts';
import { readFields, readUpload } from '../../http/form.ts';
import { route } from '../../http/route.ts';
import { parseFields } from '../../http/validate.ts';
import type { SyncQuotas } from '../sync/quotas.ts';
import type { ChunkService } from './service.ts';

const tooLarge = () =>
  new CloudError(1, {
    en: format(chunkMessages.tooLarge.en, { limit: CHUNK_STORED_MAX_BYTES }),
    zh: format(chunkMessages.tooLarge.zh, { limit: CHUNK_STORED_MAX_BYTES }),
  });

/** The profile chunk calls of the local API (contract schemas/cloud/chunks.ts), lease auth. */
export function chunkRoutes(app: FastifyInstance, chunks: ChunkService, quotas?: SyncQuotas): void {
  route(app, '/api/hainiao/chunkmissing', async ({ lease, data }) => ({
    missing: await chunks.missing(lease, data.hashes),
  }));

  // The token and hash come first, then one file part: the compressed chunk, read into memory
  // (at most CHUNK_STORED_MAX_BYTES) once the token before it is known to be good.
  route(
    app,
    '/api/hainiao/chunkput',
    async ({ request, authenticate }) => {
      // An oversize chunk is answered by the size check, not the parser's generic 413.
      const options = {
        fileSize: CHUNK_STORED_MAX_BYTES,
        files: 1,
        throwFileSizeLimit: false,
        tokenFirst: true,
      };
      const {
        fields,
        file,
        result: stored,
        refusal,
      } = await readUpload(request, options, async (fields, part) => {
        const { lease, data } = await authenticate(fields);
        // Counted before the bytes are read: a refused call costs the cloud no more than this.
        await quotas?.assertRate('chunkput', lease.accountId);
        const bytes: Buffer[] = [];
        for await (const piece of part.file) bytes.push(piece as Buffer);
        if (part.file.truncated) throw tooLarge();
        return chunks.put(lease, data.hash, Buffer.concat(bytes));
      });
      if (refusal) throw refusal;
      await authenticate(fields);
      if (file === 'before-token') throw new CloudError(1, chunkMessages.fileBeforeToken);
      if (!stored) throw new CloudError(1, chunkMessages.fileMissing);
      return stored;
    },
    { raw: true },
  );

  // Answers bytes, which `route` (JSON answers only) cannot: the same steps by hand, in the same
  // order (form fields, the contract's validation, the lease), then the compressed chunk.
  app.post('/api/hainiao/chunkget', async (request, reply) => {
    const { data } = parseFields(request, chunkGetFields, await readFields(request));
    const lease = await authenticatorsOf(app)!.lease(data.token);
    const bytes = await chunks.get(lease, data.hash, data.env_id || undefined);
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', String(bytes.length))
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  });
}
