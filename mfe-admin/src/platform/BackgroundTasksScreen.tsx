import { apiGet } from '@cpq/client';
import type { BackgroundTaskState, BackgroundTasksResponse, MailQueueState } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { AdminPage, Loaded, adminStyles, storedDate, useLoad } from '../common/index.ts';
import styles from './BackgroundTasksScreen.module.css';

/** What a task's state means to the person reading it. */
function stateText(task: BackgroundTaskState): string {
  if (task.state === 'running') return `Running on ${task.holder ?? 'a server'}`;
  if (task.state === 'failed') return 'Last pass failed';
  if (task.state === 'ok') return 'Last pass succeeded';
  return 'Not run yet';
}

/** A stored date to the second, '—' when there is none. */
const when = (date: string | null) => storedDate(date, '—', 'medium');

/** The task's name as people say it: "payment sweep" → "Payment sweep". */
const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The mail queue (decision 0121): how many mails wait for an attempt, how many were given up, the latest of those. */
function MailQueueSection({ mail }: { mail: MailQueueState }) {
  return (
    <section className={styles.mail} aria-labelledby="mail-queue-heading" data-testid="mail-queue">
      <h2 id="mail-queue-heading" className={styles.sectionTitle}>
        Mail
      </h2>
      <p role="status">
        {mail.waiting === 0 && mail.failed === 0
          ? 'Every mail has been delivered.'
          : `${mail.waiting} waiting to be sent (tried again a minute, then 5, 15 and 60 minutes and 3 hours after a failure) · ${mail.failed} could not be sent.`}
      </p>
      {mail.latestFailed.length > 0 ? (
        <>
        <p id="failed-mails-caption" className={styles.caption}>
          Mails given up after their last attempt, newest first:
        </p>
        <table className={adminStyles.table} aria-describedby="failed-mails-caption">
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Written</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {mail.latestFailed.map((m, i) => (
              <tr key={i}>
                <td className={adminStyles.primaryCell}>{m.to.join(', ')}</td>
                <td data-label="Subject">{m.subject}</td>
                <td data-label="Written">{when(m.created)}</td>
                <td data-label="Attempts">{m.attempts}</td>
                <td data-label="Last error">
                  <span className={styles.error}>{m.lastError ?? '—'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </>
      ) : null}
    </section>
  );
}

/**
 * /admin/background-tasks (platform administrators): the portal's background tasks, whether one runs
 * now and on which server, and how each one's last pass ended (decision 0118). Others are told the
 * server's refusal as it is.
 */
export default function BackgroundTasksScreen() {
  const load = useLoad(() => apiGet<BackgroundTasksResponse>('/api/platform/background-tasks'), []);
  return (
    <AdminPage
      title="Background tasks"
      subtitle="Payment checks, repricing and mail retries run on one server at a time. A failed pass is tried again at the next one."
      actions={
        <Button variant="secondary" onClick={load.reload}>
          Refresh
        </Button>
      }
      testId="background-tasks"
    >
      <Loaded load={load} heading="The background tasks could not be loaded.">
        {({ backgroundTasks, mail }) => (
          <>
          {backgroundTasks.length === 0 ? (
            <div className={adminStyles.empty} role="status">
              <p>No background task has run yet.</p>
            </div>
          ) : (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">State</th>
                  <th scope="col">Last started</th>
                  <th scope="col">Last finished</th>
                  <th scope="col">Passes</th>
                  <th scope="col">Failed passes</th>
                </tr>
              </thead>
              <tbody>
                {backgroundTasks.map((task) => (
                  <tr key={task.name} data-testid={`task-${task.name}`}>
                    <td className={adminStyles.primaryCell}>{title(task.name)}</td>
                    <td data-label="State">
                      <span className={styles[task.state]}>{stateText(task)}</span>
                      {task.state === 'failed' && task.lastError ? <span className={styles.error}>{task.lastError}</span> : null}
                    </td>
                    <td data-label="Last started">{when(task.lastStarted)}</td>
                    <td data-label="Last finished">{when(task.lastFinished)}</td>
                    <td data-label="Passes">{task.runs}</td>
                    <td data-label="Failed passes">{task.failures}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <MailQueueSection mail={mail} />
          </>
        )}
      </Loaded>
    </AdminPage>
  );
}
