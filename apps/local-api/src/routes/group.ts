import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import { v1 } from '../http/envelope.ts';
import type { GroupStore } from '../store/groups.ts';

export function groupRoutes(app: FastifyInstance, groups: GroupStore): void {
  app.post('/api/v1/group/list', async (request) =>
    v1(request, localApiMessages.groupListSuccess, { Group_Name_List: groups.names() }),
  );
}
