import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { createGroup, deleteGroups, moveToGroup } from '../../domain/groups.ts';
import { renameGroup } from '../../domain/group-rename.ts';
import { v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';

/** Groups: names unique per account, "default" always there. */
export function groupRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/group/list', ({ request, login }) =>
    v1(request, localApiMessages.groupListSuccess, {
      Group_Name_List: ctx.groups.names(login.account),
    }),
  );

  post(app, ctx, '/api/v1/group/create', ({ body, request, login }) => {
    const name = createGroup(ctx, login.account, body.Group_Name);
    return v1(request, localApiMessages.groupCreateSuccess, { Group_Name: name });
  });

  // Beyond the spec: a rename, the group's environments with it (domain/group-rename.ts).
  post(app, ctx, '/api/v1/group/update', ({ body, request, login }) => {
    const renamed = renameGroup(ctx, login.account, body.Group_Name, body.New_Group_Name);
    return v1(request, localApiMessages.groupUpdateSuccess, {
      Group_Name: renamed.from,
      New_Group_Name: renamed.to,
    });
  });

  // All or nothing: every group must exist, be empty and not be the default one.
  post(app, ctx, '/api/v1/group/del', ({ body, request, login }) => {
    const names = [...new Set(body.Group_Name)];
    deleteGroups(ctx, login.account, names);
    return v1(request, localApiMessages.groupDeleteSuccess, { Group_Name: names });
  });

  post(app, ctx, '/api/v1/group/move_session', ({ body, request, login }) => {
    const ids = moveToGroup(
      ctx,
      login.account,
      body.Session_ID,
      body.Orgin_Group_Name,
      body.Target_Group_Name,
    );
    return v1(request, localApiMessages.sessionMoveSuccess, {
      Session_ID: ids,
      Target_Group_Name: body.Target_Group_Name,
    });
  });
}
