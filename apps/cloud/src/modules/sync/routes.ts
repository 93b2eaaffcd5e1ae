import type { FastifyInstance } from 'fastify';
import { SYNC_SNAPSHOT_MAX_BYTES } from '@hainiao/contract';
import { readUpload } from '../../http/form.ts';
import { route } from '../../http/route.ts';
import type { SyncQuotas } from './quotas.ts';
import type { SyncService } from './service.ts';

/**
 * The local API's sync calls (packages/contract/src/schemas/cloud/sync.ts), all on its device
 * lease: the lease names the account, and the service scopes every read and write by it.
 */
export function syncRoutes(app: FastifyInstance, sync: SyncService, quotas?: SyncQuotas): void {
  // The snapshot is a file part: form fields are capped far lower than a cookie-heavy snapshot.
  route(
    app,
    '/api/hainiao/envpush',
    async ({ request, authenticate }) => {
      // Past the cap the parser throws its 413 while the part is read: answered as it is.
      const options = { fileSize: SYNC_SNAPSHOT_MAX_BYTES, files: 1, tokenFirst: false };
      const {
        fields,
        result: body,
        refusal,
      } = await readUpload(request, options, async (_fields, part) => {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        return part.fieldname === 'body' ? Buffer.concat(chunks) : undefined;
      });
      if (refusal) throw refusal;
      const { lease, data } = await authenticate(fields);
      await quotas?.assertRate('envpush', lease.accountId);
      return sync.push(
        lease,
        {
          envId: data.env_id,
          baseVersion: data.base_version,
          hash: data.hash,
          deleted: data.deleted === '1',
        },
        body,
      );
    },
    { raw: true },
  );

  route(app, '/api/hainiao/envpull', ({ lease, data }) => sync.pull(lease, data.since));

  route(app, '/api/hainiao/envshare', async ({ lease, data }) => {
    await sync.share(lease, data.env_id, data.to);
    return { env_id: data.env_id, to: data.to };
  });

  route(app, '/api/hainiao/envunshare', async ({ lease, data }) => {
    await sync.unshare(lease, data.env_id, data.to);
    return { env_id: data.env_id, to: data.to };
  });

  route(app, '/api/hainiao/envlease', ({ lease, data }) =>
    sync.lease(lease, data.env_id, data.state),
  );

  route(app, '/api/hainiao/envrelease', async ({ lease, data }) => {
    await sync.release(lease, data.env_id);
    return null;
  });

  // A long poll: held until a change the caller sees, its hold time, or the client going away.
  route(app, '/api/hainiao/envwatch', async ({ lease, data, reply }) => {
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const answer = await sync.watch(lease, data.since, gone.signal);
    // Answered because the cloud is closing: the connection goes too, or its keep-alive would
    // hold the server's close open.
    if (sync.closing()) reply.header('connection', 'close');
    return answer;
  });
}
