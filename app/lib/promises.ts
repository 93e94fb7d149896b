/**
 * Promises nobody awaits (decision 0040). On the server an unhandled rejection ends the Node process, and with it every
 * shopper's request; in the browser it is an error no one sees. So each promise that is not awaited gets its rejection
 * handled where it is started, by one of these.
 */

/**
 * A value a loader returns unawaited, for the page to stream into <Await>. React Router handles its rejection once the
 * loader has returned it; until then (while the loader awaits its other reads) nothing does, and a loader that fails
 * there never returns it at all. The page's own failure is what gets reported then, so this one is let go.
 */
export function deferred<T>(value: Promise<T>): Promise<T> {
  value.catch(() => {});
  return value;
}

/**
 * Lets `work` go on without waiting for it; a failure is reported on the console as `failure`. Also takes what may
 * or may not be a promise (React Router's navigate() answers either).
 */
export function unawaited(work: Promise<unknown> | void, failure: string): void {
  Promise.resolve(work).catch((error: unknown) => console.error(failure, error));
}

/** An async event handler, for React, which ignores what a handler returns: its failure is reported as `failure`. */
export function eventHandler<Args extends unknown[]>(handler: (...args: Args) => Promise<unknown>, failure: string) {
  return (...args: Args): void => unawaited(handler(...args), failure);
}
