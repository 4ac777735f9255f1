// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BackgroundTaskState } from '@cpq/domain';
import { ownerSession, renderAdmin } from '../renderAdmin.test-utils.tsx';
import { App } from '../App.tsx';
import BackgroundTasksScreen from './BackgroundTasksScreen.tsx';

const task = (t: Partial<BackgroundTaskState> & Pick<BackgroundTaskState, 'name' | 'state'>): BackgroundTaskState => ({
  holder: null,
  leaseUntil: null,
  lastStarted: null,
  lastFinished: null,
  lastError: null,
  runs: 0,
  failures: 0,
  ...t,
});

/** A mail queue with nothing waiting and nothing given up. */
const NO_MAIL = { waiting: 0, failed: 0, latestFailed: [] };

/** The API answering the background tasks call with `answers`, one per call. */
function serve(...answers: Array<{ status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (_url: string) => {
    const a = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BackgroundTasksScreen', () => {
  it('shows each task: running and where, the last pass failed with its error, or not run yet', async () => {
    const fetchMock = serve({
      status: 200,
      body: {
        data: {
          backgroundTasks: [
            task({ name: 'payment sweep', state: 'running', holder: 'api-2:4711:a1b2c3', lastStarted: '2026-11-28 10:00:00', runs: 12 }),
            task({ name: 'repricing', state: 'failed', lastError: 'Deadlock found when trying to get lock', lastStarted: '2026-11-28 09:59:00', lastFinished: '2026-11-28 09:59:02', runs: 40, failures: 3 }),
            task({ name: 'nightly', state: 'pending' }),
          ],
          mail: NO_MAIL,
        },
      },
    });
    renderAdmin(<BackgroundTasksScreen />, ownerSession(true));
    const sweep = await screen.findByTestId('task-payment sweep');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/platform/background-tasks');
    expect(within(sweep).getByText('Payment sweep')).toBeTruthy();
    expect(within(sweep).getByText('Running on api-2:4711:a1b2c3')).toBeTruthy();
    const repricing = screen.getByTestId('task-repricing');
    expect(within(repricing).getByText('Last pass failed')).toBeTruthy();
    expect(within(repricing).getByText('Deadlock found when trying to get lock')).toBeTruthy();
    expect(within(repricing).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('task-nightly')).getByText('Not run yet')).toBeTruthy();
    expect(within(screen.getByTestId('task-nightly')).getAllByText('—')).toHaveLength(2);
  });

  it('says so when no task has run, and Refresh asks again', async () => {
    const fetchMock = serve(
      { status: 200, body: { data: { backgroundTasks: [], mail: NO_MAIL } } },
      { status: 200, body: { data: { backgroundTasks: [task({ name: 'repricing', state: 'ok', runs: 1 })], mail: NO_MAIL } } },
    );
    renderAdmin(<BackgroundTasksScreen />, ownerSession(true));
    expect((await screen.findByText('No background task has run yet.')).closest('[role="status"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Last pass succeeded')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s refusal to someone who is not a platform administrator', async () => {
    serve({ status: 403, body: { error: { code: 'forbidden', message: 'Only platform administrators can see the background tasks.' } } });
    renderAdmin(<BackgroundTasksScreen />);
    expect(await screen.findByText('The background tasks could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Only platform administrators can see the background tasks.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry/i })).toBeTruthy();
  });
});

describe('the mail queue on the background tasks screen', () => {
  it('says every mail was delivered, or how many wait and were given up, with the latest given up', async () => {
    serve({ status: 200, body: { data: { backgroundTasks: [], mail: NO_MAIL } } });
    renderAdmin(<BackgroundTasksScreen />, ownerSession(true));
    expect(within(await screen.findByTestId('mail-queue')).getByText('Every mail has been delivered.')).toBeTruthy();
    cleanup();
    serve({
      status: 200,
      body: {
        data: {
          backgroundTasks: [],
          mail: { waiting: 2, failed: 1, latestFailed: [{ to: ['client@maple.test'], subject: 'Your order #12 is approved', attempts: 6, lastError: 'connect ECONNREFUSED 10.0.0.25:587', created: '2026-11-28 09:00:00' }] },
        },
      },
    });
    renderAdmin(<BackgroundTasksScreen />, ownerSession(true));
    const section = await screen.findByTestId('mail-queue');
    await waitFor(() => expect(within(section).getByText(/^2 waiting to be sent .* 1 could not be sent\.$/)).toBeTruthy());
    const row = within(section).getByText('client@maple.test').closest('tr')!;
    expect(within(row).getByText('Your order #12 is approved')).toBeTruthy();
    expect(within(row).getByText('6')).toBeTruthy();
    expect(within(row).getByText('connect ECONNREFUSED 10.0.0.25:587')).toBeTruthy();
  });
});

describe('the admin sidebar', () => {
  it('lists Background tasks for platform administrators only', async () => {
    serve({ status: 200, body: { data: { backgroundTasks: [], mail: NO_MAIL } } });
    window.history.replaceState(null, '', '/admin/products');
    const admin = renderAdmin(<App />, ownerSession(true));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy());
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Background tasks' }).getAttribute('href')).toBe('/admin/background-tasks');
    admin.unmount();
    renderAdmin(<App />, ownerSession(false));
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).queryByRole('link', { name: 'Background tasks' })).toBeNull();
  });
});
