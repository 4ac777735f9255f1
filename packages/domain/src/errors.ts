/** Marks an ApiFailure, whichever copy of this module made it (see `Symbol.hasInstance` below). */
const API_FAILURE = Symbol.for('cpq.apiFailure');

/**
 * A failed API call as both sides hold it: the server throws it and answers `{ error }` from it; the
 * client rebuilds it from that answer. One class, so code, message and details cannot drift apart.
 *
 * In the browser this module can be evaluated twice: once inside @cpq/domain's shared bundle and once
 * bundled with the portal's start-up (through `@cpq/domain/basics`). `instanceof ApiFailure` therefore
 * recognises a failure of either copy by its mark; subclasses keep the ordinary prototype test.
 */
export class ApiFailure extends Error {
  readonly [API_FAILURE] = true;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ApiFailure) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [API_FAILURE]?: unknown })[API_FAILURE] === true;
  }
}
