import { fromPromise } from 'xstate';

export interface AbortableRequest<Input, Output> {
  input: Input;
  signal: AbortSignal;
  settled: boolean;
  resolve: (value: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * A promise actor whose requests the test answers, keeping each request's AbortSignal to check aborts.
 * Actors given the same `log` record their requests there too, in the order they were made.
 */
export function abortableActor<Output, Input>(log?: AbortableRequest<Input, Output>[]) {
  const requests: AbortableRequest<Input, Output>[] = [];
  const logic = fromPromise<Output, Input>(
    ({ input, signal }) =>
      new Promise<Output>((resolve, reject) => {
        const request: AbortableRequest<Input, Output> = {
          input,
          signal,
          settled: false,
          resolve: (value) => {
            request.settled = true;
            resolve(value);
          },
          reject: (error) => {
            request.settled = true;
            reject(error);
          },
        };
        requests.push(request);
        log?.push(request);
      }),
  );
  const inFlight = () => requests.filter((request) => !request.settled && !request.signal.aborted);
  return { logic, requests, last: () => requests.at(-1)!, inFlight };
}
