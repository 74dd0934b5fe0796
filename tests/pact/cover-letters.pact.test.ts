import path from 'node:path';
import { COVER_LETTER, OTHER_USERS_LETTER } from '../../server/tests/pact/states/cover-letters';
import { SAVED_CV } from '../../server/tests/pact/states/cvs';
import {
  createCoverLetter,
  deleteCoverLetter,
  downloadCoverLetter,
  downloadLetterWithCv,
  getCoverLetter,
  listCoverLetters,
  previewCoverLetter,
  previewCoverLetterPdf,
  sendCoverLetterEmail,
  updateCoverLetter,
  type CoverLetterPayload,
} from '../../src/api/cover-letters';
import {
  DOCX_TYPE,
  FIXTURES,
  PDF_TYPE,
  clientFor,
  createPact,
  csrfHeaders,
  detail,
  expectApiError,
  integer,
  isoTimestamp,
  jsonBody,
  string,
  unsafeCall,
  unsafeJsonHeaders,
  uuid,
  withCsrf,
} from './support/pact';

// [extension] Cover letters (docs/decisions/0050-cover-letters.md): the letter editor's calls and CV management's,
// made by the real API functions. States: server/tests/pact/states/cover-letters.ts (and cvs.ts).

const WITH_LETTER = 'a signed-in user with a saved CV and a cover letter';
const FOREIGN_LETTER = "a signed-in user and another user's cover letter";
const ONE_CV = 'a signed-in user with a saved CV';
const ANY_VISITOR = 'any visitor';

const FOREIGN_LETTER_ID = OTHER_USERS_LETTER.id;

const LETTER_NOT_FOUND = { status: 404, headers: jsonBody, body: detail('Cover letter not found.') };
const UNAUTHENTICATED = {
  status: 401,
  headers: jsonBody,
  body: detail('Authentication credentials were not provided.'),
};

const letterPath = (id: number) => `/v1/CoverLetter/${id}/`;

/** A letter as the server answers it: the seeded values, the dates and ids as matchers. */
function answered(letter: typeof COVER_LETTER | (CoverLetterPayload & { id?: number })) {
  return {
    ...letter,
    id: integer(letter.id ?? 1),
    uuid: uuid(COVER_LETTER.uuid),
    created: isoTimestamp(COVER_LETTER.created),
    last_updated: isoTimestamp(COVER_LETTER.last_updated),
  };
}

const payloadOf = ({ id: _id, uuid: _uuid, created: _c, last_updated: _u, ...payload }: typeof COVER_LETTER) =>
  payload as CoverLetterPayload;

const NEW_LETTER: CoverLetterPayload = {
  ...payloadOf(COVER_LETTER),
  name: 'Letter to Globex',
  company: 'Globex',
};

describe('[extension] GET /v1/CoverLetter/', () => {
  it("lists the person's letters", async () => {
    const pact = createPact()
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request for the cover letters')
      .withRequest({ method: 'GET', path: '/v1/CoverLetter/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: [answered(COVER_LETTER)] });
    await pact.executeTest(async (mockServer) => {
      const letters = await listCoverLetters(clientFor(mockServer));
      expect(letters).toEqual([COVER_LETTER]);
    });
  });

  it('lists the letters of one CV', async () => {
    const pact = createPact()
      .given(WITH_LETTER)
      .uponReceiving("[extension] a request for one CV's cover letters")
      .withRequest({ method: 'GET', path: '/v1/CoverLetter/', query: { cv: String(SAVED_CV.id) } })
      .willRespondWith({ status: 200, headers: jsonBody, body: [answered(COVER_LETTER)] });
    await pact.executeTest(async (mockServer) => {
      const letters = await listCoverLetters(clientFor(mockServer), { cv: SAVED_CV.id });
      expect(letters.map((letter) => letter.cv)).toEqual([SAVED_CV.id]);
    });
  });

  it('answers 401 without a session', async () => {
    const pact = createPact()
      .given(ANY_VISITOR)
      .uponReceiving('[extension] a request for the cover letters without a session')
      .withRequest({ method: 'GET', path: '/v1/CoverLetter/' })
      .willRespondWith(UNAUTHENTICATED);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listCoverLetters(clientFor(mockServer)), 401);
    });
  });
});

describe('[extension] GET /v1/CoverLetter/{id}/', () => {
  it('answers the letter', async () => {
    const pact = createPact()
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request for a cover letter')
      .withRequest({ method: 'GET', path: letterPath(COVER_LETTER.id) })
      .willRespondWith({ status: 200, headers: jsonBody, body: answered(COVER_LETTER) });
    await pact.executeTest(async (mockServer) => {
      expect(await getCoverLetter(clientFor(mockServer), COVER_LETTER.id)).toEqual(COVER_LETTER);
    });
  });

  it("answers 404 for another person's letter", async () => {
    const pact = createPact()
      .given(FOREIGN_LETTER)
      .uponReceiving("[extension] a request for another user's cover letter")
      .withRequest({ method: 'GET', path: letterPath(FOREIGN_LETTER_ID) })
      .willRespondWith(LETTER_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(getCoverLetter(clientFor(mockServer), FOREIGN_LETTER_ID), 404);
    });
  });
});

describe('[extension] POST /v1/CoverLetter/', () => {
  it('makes a letter linked to a CV: 201 with its id and uuid', async () => {
    const pact = unsafeCall(
      ONE_CV,
      '[extension] a request to make a cover letter',
      'POST',
      '/v1/CoverLetter/',
      NEW_LETTER,
    ).willRespondWith({ status: 201, headers: jsonBody, body: answered(NEW_LETTER) });
    await pact.executeTest(async (mockServer) => {
      const letter = await createCoverLetter(clientFor(mockServer), NEW_LETTER);
      expect(letter).toMatchObject({ name: 'Letter to Globex', cv: SAVED_CV.id, company: 'Globex' });
      expect(letter.id).toEqual(expect.any(Number));
    });
  });

  it('refuses a blank name with 400 and a detail', async () => {
    const body = { ...NEW_LETTER, name: '   ' };
    const pact = unsafeCall(
      ONE_CV,
      '[extension] a request to make a cover letter without a name',
      'POST',
      '/v1/CoverLetter/',
      body,
    ).willRespondWith({ status: 400, headers: jsonBody, body: detail('Name is required.') });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(createCoverLetter(clientFor(mockServer), body), 400);
      expect(error.serverMessage).toEqual(expect.any(String));
    });
  });

  it('answers 401 without a session', async () => {
    const pact = withCsrf(createPact())
      .given(ANY_VISITOR)
      .uponReceiving('[extension] a request to make a cover letter without a session')
      .withRequest({ method: 'POST', path: '/v1/CoverLetter/', headers: unsafeJsonHeaders, body: NEW_LETTER })
      .willRespondWith(UNAUTHENTICATED);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(createCoverLetter(clientFor(mockServer), NEW_LETTER), 401);
    });
  });
});

describe('[extension] PUT /v1/CoverLetter/{id}/', () => {
  const changed: CoverLetterPayload = { ...payloadOf(COVER_LETTER), subject: 'Application for Engine Designer' };

  it('saves over the version the edit started from (If-Match)', async () => {
    const pact = withCsrf(createPact())
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request to save a cover letter over its current version')
      .withRequest({
        method: 'PUT',
        path: letterPath(COVER_LETTER.id),
        headers: { ...unsafeJsonHeaders, 'If-Match': `"${COVER_LETTER.last_updated}"` },
        body: changed,
      })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: { ...answered(COVER_LETTER), subject: changed.subject },
      });
    await pact.executeTest(async (mockServer) => {
      const letter = await updateCoverLetter(clientFor(mockServer), COVER_LETTER.id, changed, {
        ifLastUpdated: COVER_LETTER.last_updated,
      });
      expect(letter.subject).toBe('Application for Engine Designer');
    });
  });

  it('is refused with 412 when the letter changed since', async () => {
    const stale = '2024-05-03T09:00:00.000Z';
    const pact = withCsrf(createPact())
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request to save a cover letter over a stale version')
      .withRequest({
        method: 'PUT',
        path: letterPath(COVER_LETTER.id),
        headers: { ...unsafeJsonHeaders, 'If-Match': `"${stale}"` },
        body: changed,
      })
      .willRespondWith({ status: 412, headers: jsonBody, body: detail('This cover letter was changed elsewhere.') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        updateCoverLetter(clientFor(mockServer), COVER_LETTER.id, changed, { ifLastUpdated: stale }),
        412,
      );
    });
  });

  it("answers 404 for another person's letter", async () => {
    const pact = unsafeCall(
      FOREIGN_LETTER,
      "[extension] a request to save another user's cover letter",
      'PUT',
      letterPath(FOREIGN_LETTER_ID),
      changed,
    ).willRespondWith(LETTER_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(updateCoverLetter(clientFor(mockServer), FOREIGN_LETTER_ID, changed), 404);
    });
  });
});

describe('[extension] DELETE /v1/CoverLetter/{id}/', () => {
  it('deletes the letter: 204', async () => {
    const pact = withCsrf(createPact())
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request to delete a cover letter')
      .withRequest({ method: 'DELETE', path: letterPath(COVER_LETTER.id), headers: csrfHeaders })
      .willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(deleteCoverLetter(clientFor(mockServer), COVER_LETTER.id)).resolves.toBeUndefined();
    });
  });

  it("answers 404 for another person's letter", async () => {
    const pact = withCsrf(createPact())
      .given(FOREIGN_LETTER)
      .uponReceiving("[extension] a request to delete another user's cover letter")
      .withRequest({ method: 'DELETE', path: letterPath(FOREIGN_LETTER_ID), headers: csrfHeaders })
      .willRespondWith(LETTER_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(deleteCoverLetter(clientFor(mockServer), FOREIGN_LETTER_ID), 404);
    });
  });
});

describe('[extension] the live preview of a letter', () => {
  const request = payloadOf(COVER_LETTER);

  it('POST /v1/preview-cover-letter/ answers the letter as an HTML document', async () => {
    const pact = unsafeCall(
      ONE_CV,
      '[extension] a request for the HTML preview of a cover letter',
      'POST',
      '/v1/preview-cover-letter/',
      request,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { html: string('<!DOCTYPE html><html><body><p>Dear Ms Roe,</p></body></html>') },
    });
    await pact.executeTest(async (mockServer) => {
      expect(await previewCoverLetter(clientFor(mockServer), request)).toContain('<html');
    });
  });

  it('POST /v1/preview-cover-letter-pdf/ answers the letter as a PDF', async () => {
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('[extension] a request for the PDF preview of a cover letter')
      .withRequest({
        method: 'POST',
        path: '/v1/preview-cover-letter-pdf/',
        headers: unsafeJsonHeaders,
        body: request,
      })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const pdf = await previewCoverLetterPdf(clientFor(mockServer), request);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    });
  });
});

describe('[extension] downloading a letter', () => {
  it('GET /v1/download/cover-letter/pdf/{id}/ answers the letter as a PDF', async () => {
    const pact = createPact()
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request to download a cover letter as PDF')
      .withRequest({ method: 'GET', path: `/v1/download/cover-letter/pdf/${COVER_LETTER.id}/` })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadCoverLetter(clientFor(mockServer), COVER_LETTER.id, 'pdf');
      expect(blob.type).toBe(PDF_TYPE);
    });
  });

  it('GET /v1/download/cover-letter/word/{id}/ answers the letter as a Word document', async () => {
    const pact = createPact()
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request to download a cover letter as Word')
      .withRequest({ method: 'GET', path: `/v1/download/cover-letter/word/${COVER_LETTER.id}/` })
      .withResponseBinaryFile({ status: 200 }, DOCX_TYPE, path.join(FIXTURES, 'example-cv.docx'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadCoverLetter(clientFor(mockServer), COVER_LETTER.id, 'word');
      expect(blob.type).toBe(DOCX_TYPE);
    });
  });

  it("answers 404 for another person's letter", async () => {
    const pact = createPact()
      .given(FOREIGN_LETTER)
      .uponReceiving("[extension] a request to download another user's cover letter")
      .withRequest({ method: 'GET', path: `/v1/download/cover-letter/pdf/${FOREIGN_LETTER_ID}/` })
      .willRespondWith(LETTER_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(downloadCoverLetter(clientFor(mockServer), FOREIGN_LETTER_ID, 'pdf'), 404);
    });
  });

  it('GET /v1/download/pdf/{cvId}/?cover_letter={id} answers the letter and the CV in one PDF', async () => {
    const pact = createPact()
      .given(WITH_LETTER)
      .uponReceiving('[extension] a request to download a cover letter with its CV')
      .withRequest({
        method: 'GET',
        path: `/v1/download/pdf/${SAVED_CV.id}/`,
        query: { cover_letter: String(COVER_LETTER.id) },
      })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadLetterWithCv(clientFor(mockServer), SAVED_CV.id, COVER_LETTER.id);
      expect(blob.type).toBe(PDF_TYPE);
    });
  });

  it("answers 404 with another person's letter", async () => {
    const pact = createPact()
      .given(FOREIGN_LETTER)
      .uponReceiving("[extension] a request to download a CV with another user's cover letter")
      .withRequest({
        method: 'GET',
        path: `/v1/download/pdf/${SAVED_CV.id}/`,
        query: { cover_letter: String(FOREIGN_LETTER_ID) },
      })
      .willRespondWith({ status: 404, headers: jsonBody, body: detail('Cover letter not found.') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(downloadLetterWithCv(clientFor(mockServer), SAVED_CV.id, FOREIGN_LETTER_ID), 404);
    });
  });
});

describe('[extension] POST /v1/CoverLetter/{id}/send-email/', () => {
  it('emails the letter with its CV to the owner', async () => {
    const pact = unsafeCall(
      WITH_LETTER,
      '[extension] a request to email a cover letter with its CV',
      'POST',
      `${letterPath(COVER_LETTER.id)}send-email/`,
      { with_cv: true },
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: detail('Cover letter has been sent to your email address.'),
    });
    await pact.executeTest(async (mockServer) => {
      const message = await sendCoverLetterEmail(clientFor(mockServer), COVER_LETTER.id, { withCv: true });
      expect(message).toEqual(expect.any(String));
    });
  });

  it("answers 404 for another person's letter", async () => {
    const pact = unsafeCall(
      FOREIGN_LETTER,
      "[extension] a request to email another user's cover letter",
      'POST',
      `${letterPath(FOREIGN_LETTER_ID)}send-email/`,
      { with_cv: false },
    ).willRespondWith(LETTER_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        sendCoverLetterEmail(clientFor(mockServer), FOREIGN_LETTER_ID, { withCv: false }),
        404,
      );
    });
  });
});
