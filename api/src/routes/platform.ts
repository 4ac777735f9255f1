import Router from '@koa/router';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { MailQueue } from '../services/mailQueue.ts';
import type { TaskLeases } from '../db/taskLeases.ts';
import { assertPlatformAdminSession, requireUser } from '../policy.ts';

/** What the platform's administrators see of the running portal. */
export function platformRoutes(deps: { repos: Repos; queries: Queries; taskLeases: TaskLeases; mail: MailQueue }): Router {
  const r = new Router({ prefix: '/api/platform' });

  /** The background tasks: running (and where), or how their last pass ended (decision 0118); the mail queue (decision 0121). */
  r.get('/background-tasks', async (ctx) => {
    const user = await requireUser(ctx, deps.queries);
    await assertPlatformAdminSession(deps.repos, user, 'see the background tasks');
    const [backgroundTasks, mail] = await Promise.all([deps.taskLeases.list(), deps.mail.state()]);
    ctx.body = { data: { backgroundTasks, mail } };
  });

  return r;
}
