import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { ApiError, isApiError, serverMessageOf, toApiError } from '../../src/api/api-error';
import { GENERIC_ERROR_MESSAGE } from '../../src/config/constants';

function axiosErrorWith(status: number, data: unknown, message = `Request failed with status code ${status}`) {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_RESPONSE', config, {}, response);
}

describe('toApiError', () => {
  it('uses a string response body as the message', () => {
    const error = toApiError(axiosErrorWith(400, 'Email already registered'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Email already registered');
    expect(error.serverMessage).toBe('Email already registered');
    expect(error.status).toBe(400);
    expect(error.detail).toBeUndefined();
  });

  it('prefers message over detail and error, and keeps the differing server text as detail', () => {
    const error = toApiError(axiosErrorWith(400, { message: 'Could not save', detail: 'name: required', error: 'bad' }));
    expect(error.message).toBe('Could not save');
    expect(error.detail).toBe('name: required');
    expect(error.status).toBe(400);
  });

  it('uses detail when there is no message', () => {
    const error = toApiError(axiosErrorWith(403, { detail: 'CSRF token invalid.', error: 'forbidden' }));
    expect(error.message).toBe('CSRF token invalid.');
    expect(error.detail).toBe('forbidden');
    expect(error.status).toBe(403);
  });

  it('uses error when there is neither message nor detail', () => {
    const error = toApiError(axiosErrorWith(502, { error: 'Upstream down' }));
    expect(error.message).toBe('Upstream down');
    expect(error.detail).toBeUndefined();
  });

  it('drops detail when it equals the message', () => {
    const error = toApiError(axiosErrorWith(404, { detail: 'Not found.' }));
    expect(error.message).toBe('Not found.');
    expect(error.detail).toBeUndefined();
  });

  it("falls back to the error's own message when the body has no text", () => {
    const error = toApiError(axiosErrorWith(500, { unrelated: 1 }));
    expect(error.message).toBe('Request failed with status code 500');
    expect(error.serverMessage).toBeUndefined();
    expect(error.status).toBe(500);
    expect(error.data).toEqual({ unrelated: 1 });
  });

  it('ignores blank strings and non-string fields', () => {
    const error = toApiError(axiosErrorWith(400, { message: '  ', detail: 42, error: ['x'] }, 'Bad'));
    expect(error.message).toBe('Bad');
    const blankBody = toApiError(axiosErrorWith(400, '', 'Bad request'));
    expect(blankBody.message).toBe('Bad request');
  });

  it('handles a network error without a response', () => {
    const error = toApiError(new AxiosError('Network Error', 'ERR_NETWORK'));
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeUndefined();
  });

  it('handles plain errors, strings and unknown values', () => {
    expect(toApiError(new Error('boom')).message).toBe('boom');
    expect(toApiError('plain text').message).toBe('plain text');
    expect(toApiError(undefined).message).toBe(GENERIC_ERROR_MESSAGE);
    expect(toApiError(null).message).toBe(GENERIC_ERROR_MESSAGE);
    expect(toApiError({}).message).toBe(GENERIC_ERROR_MESSAGE);
    expect(toApiError(new Error('')).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('reads the response of any error-like object, not only axios errors', () => {
    const error = toApiError({ response: { status: 409, data: { message: 'Conflict' } } });
    expect(error.message).toBe('Conflict');
    expect(error.status).toBe(409);
  });

  it('returns an ApiError unchanged', () => {
    const original = new ApiError('Already normalised', { status: 418, detail: 'teapot' });
    expect(toApiError(original)).toBe(original);
    expect(isApiError(original)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('keeps the original error as cause', () => {
    const original = new Error('boom');
    expect(toApiError(original).cause).toBe(original);
  });

  it('serverMessageOf applies the same field order', () => {
    expect(serverMessageOf('text')).toBe('text');
    expect(serverMessageOf({ detail: 'd', error: 'e' })).toBe('d');
    expect(serverMessageOf({ error: 'e' })).toBe('e');
    expect(serverMessageOf({})).toBeUndefined();
    expect(serverMessageOf(null)).toBeUndefined();
  });
});
