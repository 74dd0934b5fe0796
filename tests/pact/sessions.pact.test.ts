import { endOtherSessions, endSession, listSessions } from '../../src/api/sessions';
import { OTHER_SESSION_ID } from '../../server/tests/pact/states/sessions';
import {
  boolean,
  clientFor,
  createPact,
  detail,
  expectApiError,
  integer,
  isoTimestamp,
  jsonBody,
  regex,
  string,
  unsafeCall,
} from './support/pact';

// [extension] Sessions you can see: the profile lists the person's active sessions and ends any other,
// or all others. Provider states: server/tests/pact/states/sessions.ts; 'a signed-in user' and 'any visitor' are
// the accounts' and foundation's.

const WITH_ANOTHER = 'a signed-in user with another active session';
const SESSION_ID = (example: string) => regex('^[A-Za-z0-9_-]{22}$', example);

describe('[extension] GET /auth/sessions/', () => {
  it('lists this session first, marked, then the others', async () => {
    const pact = createPact()
      .given(WITH_ANOTHER)
      .uponReceiving('[extension] a request for the active sessions')
      .withRequest({ method: 'GET', path: '/auth/sessions/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          {
            id: SESSION_ID('c2Vzc2lvbi1vZi10aGlzLW'),
            browser: string('Chrome 130'),
            os: string('Windows 10'),
            last_used: isoTimestamp('2026-11-25T06:00:00.000Z'),
            current: boolean(true),
          },
          {
            id: SESSION_ID(OTHER_SESSION_ID),
            browser: 'Firefox 132',
            os: 'Linux',
            last_used: isoTimestamp('2026-11-25T05:00:00.000Z'),
            current: boolean(false),
          },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      const sessions = await listSessions(clientFor(mockServer));
      expect(sessions.map((session) => session.current)).toEqual([true, false]);
      expect(sessions[1]).toMatchObject({ id: OTHER_SESSION_ID, browser: 'Firefox 132', os: 'Linux' });
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = createPact()
      .given('any visitor')
      .uponReceiving('[extension] a request for the active sessions without a session')
      .withRequest({ method: 'GET', path: '/auth/sessions/' })
      .willRespondWith({
        status: 401,
        headers: jsonBody,
        body: detail('Authentication credentials were not provided.'),
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listSessions(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] DELETE /auth/sessions/{id}/', () => {
  it('ends another session of the person', async () => {
    const pact = unsafeCall(
      WITH_ANOTHER,
      '[extension] a request to end another session',
      'DELETE',
      `/auth/sessions/${OTHER_SESSION_ID}/`,
    ).willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(endSession(clientFor(mockServer), OTHER_SESSION_ID)).resolves.toBeUndefined();
    });
  });

  it('answers 404 for a session that is not one of the person’s', async () => {
    const pact = unsafeCall(
      'a signed-in user',
      '[extension] a request to end a session that is not the person’s',
      'DELETE',
      '/auth/sessions/AAAAAAAAAAAAAAAAAAAAAA/',
    ).willRespondWith({ status: 404, headers: jsonBody, body: detail('Not found.') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(endSession(clientFor(mockServer), 'AAAAAAAAAAAAAAAAAAAAAA'), 404);
    });
  });
});

describe('[extension] POST /auth/sessions/end-others/', () => {
  it('ends every session but this one', async () => {
    const pact = unsafeCall(
      WITH_ANOTHER,
      '[extension] a request to end every other session',
      'POST',
      '/auth/sessions/end-others/',
      {},
    ).willRespondWith({ status: 200, headers: jsonBody, body: { ended: integer(1) } });
    await pact.executeTest(async (mockServer) => {
      await expect(endOtherSessions(clientFor(mockServer))).resolves.toBeUndefined();
    });
  });
});
