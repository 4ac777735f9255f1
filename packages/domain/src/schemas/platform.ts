import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/** A date as the API stores and answers it: 'YYYY-MM-DD HH:MM:SS', UTC. */
const DbDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/**
 * One background task of the portal (payment sweep, repricing) as a platform administrator reads it:
 * running now in a process (which), or how its last pass ended (ok, failed with its error), or pending
 * (never ran).
 */
export const BackgroundTaskState = Type.Object(
  {
    name: Type.String(),
    state: Type.Union([Type.Literal('running'), Type.Literal('failed'), Type.Literal('ok'), Type.Literal('pending')]),
    /** The process holding the task's lease (host:pid:tag), while running. */
    holder: Nullable(Type.String()),
    leaseUntil: Nullable(DbDate),
    lastStarted: Nullable(DbDate),
    lastFinished: Nullable(DbDate),
    /** The failed last pass's error (its first line). */
    lastError: Nullable(Type.String()),
    runs: Type.Integer({ minimum: 0 }),
    failures: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type BackgroundTaskState = Static<typeof BackgroundTaskState>;

/** A mail the portal gave up sending after its last attempt. */
export const FailedMail = Type.Object(
  {
    to: Type.Array(Type.String()),
    subject: Type.String(),
    attempts: Type.Integer({ minimum: 1 }),
    lastError: Nullable(Type.String()),
    created: DbDate,
  },
  { additionalProperties: false },
);
export type FailedMail = Static<typeof FailedMail>;

/** The mail queue: mails waiting for an attempt (a first one, or again after a failure), mails given up, the latest of those. */
export const MailQueueState = Type.Object(
  { waiting: Type.Integer({ minimum: 0 }), failed: Type.Integer({ minimum: 0 }), latestFailed: Type.Array(FailedMail) },
  { additionalProperties: false },
);
export type MailQueueState = Static<typeof MailQueueState>;

/** GET /api/platform/background-tasks (platform administrators). */
export const BackgroundTasksResponse = Type.Object({ backgroundTasks: Type.Array(BackgroundTaskState), mail: MailQueueState }, { additionalProperties: false });
export type BackgroundTasksResponse = Static<typeof BackgroundTasksResponse>;

/** GET /api/health/live: the process answers (no session needed). */
export const HealthLiveResponse = Type.Object({ status: Type.Literal('live') }, { additionalProperties: false });
export type HealthLiveResponse = Static<typeof HealthLiveResponse>;

/** GET /api/health/ready: the database answered and the background tasks run (else 503 with an error). */
export const HealthReadyResponse = Type.Object({ status: Type.Literal('ready') }, { additionalProperties: false });
export type HealthReadyResponse = Static<typeof HealthReadyResponse>;
