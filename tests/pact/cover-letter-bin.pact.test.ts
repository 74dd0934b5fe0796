import { deleteLetterFromBin, listLetterBin, restoreLetterFromBin } from '../../src/api/bin';
import { DELETED_AT, PURGE_AT } from '../../server/tests/pact/states/bin';
import { COVER_LETTER, OTHER_USERS_LETTER } from '../../server/tests/pact/states/cover-letters';
import {
  clientFor,
  createPact,
  detail,
  expectApiError,
  integer,
  isoTimestamp,
  jsonBody,
  string,
  unsafeCall,
  uuid,
} from './support/pact';

// [extension] Cover letters in the bin: Recently deleted's "Cover letters" group lists the person's deleted letters,
// restores one, or deletes one forever. Provider states: server/tests/pact/states/cover-letters.ts.

const DELETED_LETTER = 'a signed-in user with a deleted cover letter';
const FOREIGN_DELETED_LETTER = "a signed-in user and another user's deleted cover letter";
const notInBin = {
  status: 404,
  headers: jsonBody,
  body: detail('This cover letter is not in your recently deleted cover letters.'),
};

describe('[extension] GET /v1/bin/cover-letters/', () => {
  it('lists the person’s deleted cover letters with when each was deleted and will be removed', async () => {
    const pact = createPact()
      .given(DELETED_LETTER)
      .uponReceiving('[extension] a request for the recently deleted cover letters')
      .withRequest({ method: 'GET', path: '/v1/bin/cover-letters/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          {
            uuid: uuid(COVER_LETTER.uuid),
            name: string(COVER_LETTER.name),
            cv: integer(COVER_LETTER.cv),
            deleted_at: isoTimestamp(DELETED_AT),
            purge_at: isoTimestamp(PURGE_AT),
          },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      expect(await listLetterBin(clientFor(mockServer))).toEqual([
        {
          uuid: COVER_LETTER.uuid,
          name: COVER_LETTER.name,
          cv: COVER_LETTER.cv,
          deleted_at: DELETED_AT,
          purge_at: PURGE_AT,
        },
      ]);
    });
  });
});

describe('[extension] POST /v1/bin/cover-letters/{uuid}/restore/', () => {
  it('brings the letter back and answers it as GET /v1/CoverLetter/{id}/ does', async () => {
    const pact = unsafeCall(
      DELETED_LETTER,
      '[extension] a request to restore a deleted cover letter',
      'POST',
      `/v1/bin/cover-letters/${COVER_LETTER.uuid}/restore/`,
      {},
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        id: integer(COVER_LETTER.id),
        uuid: COVER_LETTER.uuid,
        name: string(COVER_LETTER.name),
        template: null,
        cv: integer(COVER_LETTER.cv),
        recipient_name: string(COVER_LETTER.recipient_name),
        company: string(COVER_LETTER.company),
        address: string(COVER_LETTER.address),
        date: string(COVER_LETTER.date),
        subject: string(COVER_LETTER.subject),
        salutation: string(COVER_LETTER.salutation),
        body: string(COVER_LETTER.body),
        closing: string(COVER_LETTER.closing),
        signature_name: string(COVER_LETTER.signature_name),
        created: isoTimestamp(COVER_LETTER.created),
        last_updated: isoTimestamp(COVER_LETTER.last_updated),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const letter = await restoreLetterFromBin(clientFor(mockServer), COVER_LETTER.uuid);
      expect(letter).toMatchObject({ id: COVER_LETTER.id, uuid: COVER_LETTER.uuid, name: COVER_LETTER.name });
    });
  });

  it('answers 404 for another person’s deleted cover letter', async () => {
    const pact = unsafeCall(
      FOREIGN_DELETED_LETTER,
      '[extension] a request to restore another user’s deleted cover letter',
      'POST',
      `/v1/bin/cover-letters/${OTHER_USERS_LETTER.uuid}/restore/`,
      {},
    ).willRespondWith(notInBin);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(restoreLetterFromBin(clientFor(mockServer), OTHER_USERS_LETTER.uuid), 404);
    });
  });
});

describe('[extension] DELETE /v1/bin/cover-letters/{uuid}/', () => {
  it('removes the letter for good', async () => {
    const pact = unsafeCall(
      DELETED_LETTER,
      '[extension] a request to delete a deleted cover letter forever',
      'DELETE',
      `/v1/bin/cover-letters/${COVER_LETTER.uuid}/`,
    ).willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(deleteLetterFromBin(clientFor(mockServer), COVER_LETTER.uuid)).resolves.toBeUndefined();
    });
  });

  it('answers 404 for another person’s deleted cover letter', async () => {
    const pact = unsafeCall(
      FOREIGN_DELETED_LETTER,
      '[extension] a request to delete another user’s deleted cover letter forever',
      'DELETE',
      `/v1/bin/cover-letters/${OTHER_USERS_LETTER.uuid}/`,
    ).willRespondWith(notInBin);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(deleteLetterFromBin(clientFor(mockServer), OTHER_USERS_LETTER.uuid), 404);
    });
  });
});
