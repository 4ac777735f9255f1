import { describe, expect, it } from 'vitest';
import { ApiFailure } from './errors.ts';

describe('ApiFailure', () => {
  it('is recognised across two copies of its module (the browser may evaluate it twice)', async () => {
    // A query makes the test runner evaluate the file a second time: another class of the same name.
    const copy = './errors.ts?second-copy';
    const second = (await import(/* @vite-ignore */ copy)) as typeof import('./errors.ts');
    expect(second.ApiFailure).not.toBe(ApiFailure);
    const failure = new second.ApiFailure(409, 'conflict', 'Changed meanwhile');
    expect(failure instanceof ApiFailure).toBe(true);
    expect(new ApiFailure(400, 'invalid', 'x') instanceof second.ApiFailure).toBe(true);
    expect(failure.status).toBe(409);
  });

  it('is not anything else, and a subclass keeps its own test', () => {
    class RequestFailure extends ApiFailure {}
    expect(new Error('plain') instanceof ApiFailure).toBe(false);
    expect({ status: 400, code: 'x', message: 'y' } instanceof ApiFailure).toBe(false);
    expect((null as unknown) instanceof ApiFailure).toBe(false);
    expect(new RequestFailure(500, 'internal', 'z') instanceof ApiFailure).toBe(true);
    expect(new ApiFailure(500, 'internal', 'z') instanceof RequestFailure).toBe(false);
    expect(new RequestFailure(500, 'internal', 'z') instanceof RequestFailure).toBe(true);
  });
});
