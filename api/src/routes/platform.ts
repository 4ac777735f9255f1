import Router from '@koa/router';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { TaskLeases } from '../db/taskLeases.ts';
import { assertPlatformAdminSession, requireUser } from '../policy.ts';

/** What the platform's administrators see of the running portal. */
export function platformRoutes(deps: { repos: Repos; queries: Queries; taskLeases: TaskLeases }): Router {
  const r = new Router({ prefix: '/api/platform' });

  /** The background tasks: running (and where), or how their last pass ended (decision 0118). */
  r.get('/background-tasks', async (ctx) => {
    const user = await requireUser(ctx, deps.queries);
    await assertPlatformAdminSession(deps.repos, user, 'see the background tasks');
    ctx.body = { data: { backgroundTasks: await deps.taskLeases.list() } };
  });

  return r;
}
