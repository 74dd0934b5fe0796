import { deleteFromBin, listBin, restoreFromBin } from '../../src/api/bin';
import { DELETED_AT, PURGE_AT } from '../../server/tests/pact/states/bin';
import { OTHER_USERS_CV, SAVED_CV } from '../../server/tests/pact/states/cvs';
import {
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
  unsafeJsonHeaders,
  uuid,
  withCsrf,
} from './support/pact';

// [extension] The bin: CV management's 'Recently deleted' lists the person's deleted CVs, restores one, or deletes
// one forever. Provider states: server/tests/pact/states/bin.ts; 'any visitor' is the foundation's.

const DELETED_CV = 'a signed-in user with a deleted CV';
const FOREIGN_DELETED_CV = "a signed-in user and another user's deleted CV";
const notInBin = {
  status: 404,
  headers: jsonBody,
  body: detail('This CV is not in your recently deleted CVs.'),
};
const unauthenticated = {
  status: 401,
  headers: jsonBody,
  body: detail('Authentication credentials were not provided.'),
};

describe('[extension] GET /v1/bin/', () => {
  it('lists the person’s deleted CVs with when each was deleted and will be removed', async () => {
    const pact = createPact()
      .given(DELETED_CV)
      .uponReceiving('[extension] a request for the recently deleted CVs')
      .withRequest({ method: 'GET', path: '/v1/bin/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          {
            uuid: uuid(SAVED_CV.uuid),
            name: string(SAVED_CV.name),
            template: integer(SAVED_CV.template),
            template_name: string('Executive Classic'),
            deleted_at: isoTimestamp(DELETED_AT),
            purge_at: isoTimestamp(PURGE_AT),
          },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      const bin = await listBin(clientFor(mockServer));
      expect(bin).toEqual([
        {
          uuid: SAVED_CV.uuid,
          name: SAVED_CV.name,
          template: 1,
          template_name: 'Executive Classic',
          deleted_at: DELETED_AT,
          purge_at: PURGE_AT,
        },
      ]);
    });
  });

  it('answers 401 without a session', async () => {
    const pact = createPact()
      .given('any visitor')
      .uponReceiving('[extension] a request for the recently deleted CVs without a session')
      .withRequest({ method: 'GET', path: '/v1/bin/' })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listBin(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] POST /v1/bin/{uuid}/restore/', () => {
  it('brings the CV back and answers it as the CV list shows it', async () => {
    const pact = unsafeCall(
      DELETED_CV,
      '[extension] a request to restore a deleted CV',
      'POST',
      `/v1/bin/${SAVED_CV.uuid}/restore/`,
      {},
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        id: integer(SAVED_CV.id),
        uuid: SAVED_CV.uuid,
        url: regex(
          `^https?://[^/]+/v1/GeneratedCV/${SAVED_CV.id}/$`,
          `http://localhost:8000/v1/GeneratedCV/${SAVED_CV.id}/`,
        ),
        name: string(SAVED_CV.name),
        template: integer(SAVED_CV.template),
        created: isoTimestamp(SAVED_CV.created),
        last_updated: isoTimestamp(SAVED_CV.last_updated),
        page_size: regex('^(A4|Letter)$', 'A4'),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const cv = await restoreFromBin(clientFor(mockServer), SAVED_CV.uuid);
      expect(cv).toMatchObject({ id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: SAVED_CV.name, template: 1 });
    });
  });

  it('answers 404 for another person’s deleted CV', async () => {
    const pact = unsafeCall(
      FOREIGN_DELETED_CV,
      '[extension] a request to restore another user’s deleted CV',
      'POST',
      `/v1/bin/${OTHER_USERS_CV.uuid}/restore/`,
      {},
    ).willRespondWith(notInBin);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(restoreFromBin(clientFor(mockServer), OTHER_USERS_CV.uuid), 404);
    });
  });

  it('answers 401 without a session', async () => {
    const pact = withCsrf(createPact())
      .given('any visitor')
      .uponReceiving('[extension] a request to restore a deleted CV without a session')
      .withRequest({
        method: 'POST',
        path: `/v1/bin/${SAVED_CV.uuid}/restore/`,
        headers: unsafeJsonHeaders,
        body: {},
      })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(restoreFromBin(clientFor(mockServer), SAVED_CV.uuid), 401);
    });
  });
});

describe('[extension] DELETE /v1/bin/{uuid}/', () => {
  it('removes the CV for good', async () => {
    const pact = unsafeCall(
      DELETED_CV,
      '[extension] a request to delete a deleted CV forever',
      'DELETE',
      `/v1/bin/${SAVED_CV.uuid}/`,
    ).willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(deleteFromBin(clientFor(mockServer), SAVED_CV.uuid)).resolves.toBeUndefined();
    });
  });

  it('answers 404 for another person’s deleted CV', async () => {
    const pact = unsafeCall(
      FOREIGN_DELETED_CV,
      '[extension] a request to delete another user’s deleted CV forever',
      'DELETE',
      `/v1/bin/${OTHER_USERS_CV.uuid}/`,
    ).willRespondWith(notInBin);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(deleteFromBin(clientFor(mockServer), OTHER_USERS_CV.uuid), 404);
    });
  });
});
