import { AxiosError } from 'axios';
import { createActor, createMachine } from 'xstate';
import { ApiError, toApiError } from '../../../src/api/api-error';
import { BUSY_TAG } from '../../../src/machines/auth/auth-flow';
import {
  RESET_LINK_SENT_MESSAGE,
  UNABLE_TO_RESET_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  forgotPasswordFailureMessage,
  forgotPasswordMachine,
  type ForgotPasswordActor,
} from '../../../src/machines/auth/forgot-password-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';

/** An axios failure as the API client sees it, normalised the way the client does. */
function httpFailure(status: number, data: unknown): ApiError {
  const error = new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    undefined,
    undefined,
    {
      status,
      statusText: '',
      data,
      headers: {},
      config: { headers: {} } as never,
    },
  );
  return toApiError(error);
}

function createWorld() {
  const request = deferredActor<void, { email: string }>();
  const actor: ForgotPasswordActor = createActor(
    forgotPasswordMachine.provide({ actors: { requestPasswordReset: request.logic } }),
  ).start();
  return { actor, request };
}
type World = ReturnType<typeof createWorld>;

describe('forgot-password machine: model-based', () => {
  const model = createMachine({
    id: 'forgotPasswordModel',
    initial: 'editing',
    states: {
      editing: { on: { 'submit.blank': 'required', 'submit.valid': 'sending' } },
      required: { on: { 'form.fix': 'editing' } },
      sending: {
        on: {
          'answer.ok': 'sent',
          'answer.unexpectedStatus': 'unexpected',
          'answer.errorWithDetail': 'refused',
          'answer.errorWithErrorField': 'throttled',
          'answer.errorWithoutBody': 'unable',
          'request.notSent': 'unknown',
        },
      },
      sent: { on: { 'submit.valid': 'sending' } },
      unexpected: {},
      refused: {},
      throttled: {},
      unable: {},
      unknown: { on: { 'submit.valid': 'sending' } },
    },
  });
  const events = [
    'submit.blank',
    'submit.valid',
    'form.fix',
    'answer.ok',
    'answer.unexpectedStatus',
    'answer.errorWithDetail',
    'answer.errorWithErrorField',
    'answer.errorWithoutBody',
    'request.notSent',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'submit.blank': ({ actor }) => {
      actor.send({ type: 'form.change', field: 'email', value: '  ' });
      actor.send({ type: 'form.submit' });
    },
    'form.fix': ({ actor }) => actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' }),
    'submit.valid': ({ actor, request }) => {
      actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com ' });
      actor.send({ type: 'form.submit' });
      expect(request.last().input).toEqual({ email: 'ada@example.com' });
    },
    'answer.ok': async ({ request }) => {
      request.last().resolve();
      await flush();
    },
    'answer.unexpectedStatus': async ({ request }) => {
      request
        .last()
        .reject(
          new ApiError('Unexpected response from POST /auth/password-reset/: status 202, expected 200', {
            status: 202,
          }),
        );
      await flush();
    },
    'answer.errorWithDetail': async ({ request }) => {
      request.last().reject(httpFailure(400, { detail: 'Enter a valid email address.' }));
      await flush();
    },
    'answer.errorWithErrorField': async ({ request }) => {
      request.last().reject(httpFailure(429, { error: 'Too many reset requests.' }));
      await flush();
    },
    'answer.errorWithoutBody': async ({ request }) => {
      request.last().reject(httpFailure(502, ''));
      await flush();
    },
    'request.notSent': async ({ request }) => {
      request.last().reject(new ApiError(''));
      await flush();
    },
  };

  const outcomes: Record<string, { value: string; outcome: string }> = {
    sent: { value: 'sent', outcome: RESET_LINK_SENT_MESSAGE },
    unexpected: { value: 'failed', outcome: UNEXPECTED_RESPONSE_MESSAGE },
    refused: { value: 'failed', outcome: 'Enter a valid email address.' },
    throttled: { value: 'failed', outcome: 'Too many reset requests.' },
    unable: { value: 'failed', outcome: UNABLE_TO_RESET_MESSAGE },
    unknown: { value: 'failed', outcome: UNKNOWN_ERROR_MESSAGE },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    if (modelState === 'editing') {
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.errors).toEqual({});
    } else if (modelState === 'required') {
      expect(snapshot.context.errors).toEqual({ email: ACCOUNT_MESSAGES.required });
      expect(world.request.requests).toHaveLength(0);
    } else if (modelState === 'sending') {
      expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
      expect(snapshot.context.outcome).toBeUndefined();
    } else {
      expect(snapshot.value).toBe(outcomes[modelState].value);
      expect(snapshot.context.outcome).toBe(outcomes[modelState].outcome);
    }
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('forgot-password machine: details', () => {
  it('gives a malformed address the default schema message', () => {
    const { actor } = createWorld();
    actor.send({ type: 'form.change', field: 'email', value: 'ada@' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: ACCOUNT_MESSAGES.invalidEmailDefault });
  });

  it('maps a request that got no answer to the "unable" message, other errors to their own message', () => {
    const networkError = toApiError(new AxiosError('Network Error', 'ERR_NETWORK'));
    expect(forgotPasswordFailureMessage(networkError)).toBe(UNABLE_TO_RESET_MESSAGE);
    expect(
      forgotPasswordFailureMessage(new ApiError('CSRF token missing. Please reload the page and try again.')),
    ).toBe('CSRF token missing. Please reload the page and try again.');
    expect(forgotPasswordFailureMessage(new Error('boom'))).toBe('boom');
    expect(forgotPasswordFailureMessage('nope')).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
