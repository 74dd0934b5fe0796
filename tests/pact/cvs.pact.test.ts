import path from 'node:path';
import {
  createGeneratedCv,
  deleteGeneratedCv,
  downloadPdf,
  downloadWord,
  getGeneratedCv,
  listCvFieldEntries,
  listGeneratedCvs,
  sendCvEmail,
  updateGeneratedCv,
  type GeneratedCvPayload,
} from '../../src/api/cvs';
import { OTHER_USERS_CV, SAVED_CV, SECOND_CV } from '../../server/tests/pact/states/cvs';
import {
  clientFor,
  createPact,
  csrfHeaders,
  DOCX_TYPE,
  eachLike,
  expectApiError,
  FIXTURES,
  integer,
  isoTimestamp,
  jsonBody,
  PDF_TYPE,
  regex,
  string,
  unsafeJsonHeaders,
  uuid,
  withCsrf,
} from './support/pact';

// The saved-CV calls of docs/behaviour.md#api-calls (GeneratedCV, CVFieldEntry, download, send-email), made by
// the real API functions. State sentences and fixed ids: server/tests/pact/states/cvs.ts.

const NO_CVS = 'a signed-in user with no saved CVs';
const ONE_CV = 'a signed-in user with a saved CV';
const TWO_TEMPLATES = 'a signed-in user with saved CVs on two templates';
const FOREIGN_CV = "a signed-in user and another user's CV";

const timestamp = isoTimestamp('2024-05-01T09:30:00.000Z');
/** The url of a CV: any origin, then the CV's detail path. */
const cvUrl = (id: number) =>
  regex(`^https?://[^/]+/v1/GeneratedCV/${id}/$`, `http://localhost:8000/v1/GeneratedCV/${id}/`);
const notFound = { status: 404, headers: jsonBody, body: { detail: string('CV not found.') } };

type SeededCv = typeof SAVED_CV | typeof SECOND_CV;

function summaryOf(cv: SeededCv) {
  return { uuid: cv.uuid, name: cv.name, template: cv.template, created: timestamp, last_updated: timestamp };
}

function entriesOf(cv: SeededCv) {
  return cv.entries.map((entry) => ({ ...entry }));
}

describe('GET /v1/GeneratedCV/', () => {
  it('lists the signed-in user’s CVs as a plain array', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('a request for the list of saved CVs')
      .withRequest({ method: 'GET', path: '/v1/GeneratedCV/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [{ id: SAVED_CV.id, url: cvUrl(SAVED_CV.id), ...summaryOf(SAVED_CV) }],
      });
    await pact.executeTest(async (mockServer) => {
      const cvs = await listGeneratedCvs(clientFor(mockServer));
      expect(cvs).toEqual([
        {
          id: SAVED_CV.id,
          uuid: SAVED_CV.uuid,
          url: `http://localhost:8000/v1/GeneratedCV/${SAVED_CV.id}/`,
          name: SAVED_CV.name,
          template: SAVED_CV.template,
          created: '2024-05-01T09:30:00.000Z',
          last_updated: '2024-05-01T09:30:00.000Z',
        },
      ]);
    });
  });

  it('needs no id in the list: the web takes it from each url', async () => {
    const pact = createPact()
      .given(TWO_TEMPLATES)
      .uponReceiving('a request for the list of saved CVs on two templates')
      .withRequest({ method: 'GET', path: '/v1/GeneratedCV/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          { url: cvUrl(SECOND_CV.id), ...summaryOf(SECOND_CV) },
          { url: cvUrl(SAVED_CV.id), ...summaryOf(SAVED_CV) },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      const cvs = await listGeneratedCvs(clientFor(mockServer));
      expect(cvs.map((cv) => [cv.id, cv.template, cv.name])).toEqual([
        [SECOND_CV.id, SECOND_CV.template, SECOND_CV.name],
        [SAVED_CV.id, SAVED_CV.template, SAVED_CV.name],
      ]);
    });
  });

  it('answers an empty list when nothing is saved', async () => {
    const pact = createPact()
      .given(NO_CVS)
      .uponReceiving('a request for the list of saved CVs when there are none')
      .withRequest({ method: 'GET', path: '/v1/GeneratedCV/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: [] });
    await pact.executeTest(async (mockServer) => {
      await expect(listGeneratedCvs(clientFor(mockServer))).resolves.toEqual([]);
    });
  });
});

describe('GET /v1/GeneratedCV/{id}/', () => {
  const detail = {
    id: SAVED_CV.id,
    url: cvUrl(SAVED_CV.id),
    ...summaryOf(SAVED_CV),
    entries: entriesOf(SAVED_CV),
  };

  it('answers the CV with its entries by id', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('a request for a saved CV by id')
      .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${SAVED_CV.id}/` })
      .willRespondWith({ status: 200, headers: jsonBody, body: detail });
    await pact.executeTest(async (mockServer) => {
      const cv = await getGeneratedCv(clientFor(mockServer), SAVED_CV.id);
      expect(cv).toMatchObject({ id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: SAVED_CV.name, template: 1 });
      expect(cv.entries).toEqual(entriesOf(SAVED_CV));
    });
  });

  it('answers the same CV by uuid', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('a request for a saved CV by uuid')
      .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${SAVED_CV.uuid}/` })
      .willRespondWith({ status: 200, headers: jsonBody, body: detail });
    await pact.executeTest(async (mockServer) => {
      const cv = await getGeneratedCv(clientFor(mockServer), SAVED_CV.uuid);
      expect(cv.id).toBe(SAVED_CV.id);
      expect(cv.entries).toHaveLength(SAVED_CV.entries.length);
    });
  });

  it("answers 404 for another user's CV", async () => {
    const pact = createPact()
      .given(FOREIGN_CV)
      .uponReceiving("a request for another user's CV")
      .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${OTHER_USERS_CV.id}/` })
      .willRespondWith(notFound);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(getGeneratedCv(clientFor(mockServer), OTHER_USERS_CV.id), 404);
    });
  });
});

describe('GET /v1/CVFieldEntry/?generated_cv={id}', () => {
  it('answers the entries in a results array', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('a request for the entries of a saved CV')
      .withRequest({ method: 'GET', path: '/v1/CVFieldEntry/', query: { generated_cv: String(SAVED_CV.id) } })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          results: eachLike({
            id: integer(101),
            value: string('Ada Lovelace'),
            index: integer(0),
            section_field: integer(1001),
          }),
        },
      });
    await pact.executeTest(async (mockServer) => {
      await expect(listCvFieldEntries(clientFor(mockServer), SAVED_CV.id)).resolves.toEqual([
        { id: 101, value: 'Ada Lovelace', index: 0, section_field: 1001 },
      ]);
    });
  });
});

const newCv: GeneratedCvPayload = {
  name: 'Software Engineer 2024',
  template: 1,
  entries: [
    { value: 'Ada Lovelace', index: 0, section_field: 1001 },
    { value: 'Analyst Programmer', index: 0, section_field: 1009 },
    { value: 'Engine Designer', index: 1, section_field: 1009 },
  ],
};

describe('POST /v1/GeneratedCV/', () => {
  it('saves a new CV: 201 with id and uuid', async () => {
    const pact = withCsrf(createPact())
      .given(NO_CVS)
      .uponReceiving('a request to save a new CV')
      .withRequest({ method: 'POST', path: '/v1/GeneratedCV/', headers: unsafeJsonHeaders, body: newCv })
      .willRespondWith({
        status: 201,
        headers: jsonBody,
        body: {
          id: integer(1),
          uuid: uuid('5b0c2a9e-3d1f-4c8b-9e7a-2f6d1c0b9a88'),
          url: regex('^https?://[^/]+/v1/GeneratedCV/\\d+/$', 'http://localhost:8000/v1/GeneratedCV/1/'),
          name: newCv.name,
          template: newCv.template,
          entries: eachLike({
            id: integer(1),
            value: string('Ada Lovelace'),
            index: integer(0),
            section_field: integer(1001),
          }),
          created: timestamp,
          last_updated: timestamp,
        },
      });
    await pact.executeTest(async (mockServer) => {
      const saved = await createGeneratedCv(clientFor(mockServer), newCv);
      expect(saved).toMatchObject({
        id: 1,
        uuid: '5b0c2a9e-3d1f-4c8b-9e7a-2f6d1c0b9a88',
        name: newCv.name,
        template: 1,
      });
    });
  });

  it('refuses an unknown template with a 400 detail', async () => {
    const body = { name: 'Lost', template: 999999, entries: [] };
    const pact = withCsrf(createPact())
      .given(NO_CVS)
      .uponReceiving('a request to save a CV on a template that does not exist')
      .withRequest({ method: 'POST', path: '/v1/GeneratedCV/', headers: unsafeJsonHeaders, body })
      .willRespondWith({ status: 400, headers: jsonBody, body: { detail: string('Unknown template.') } });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(createGeneratedCv(clientFor(mockServer), body));
      expect(error.status).toBe(400);
      expect(error.message).toBe('Unknown template.');
    });
  });
});

describe('PUT /v1/GeneratedCV/{id}/', () => {
  const changed: GeneratedCvPayload = { ...newCv, name: 'Software Engineer 2025' };

  it('replaces a saved CV and answers it with its id and uuid', async () => {
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('[extension] a request to update a saved CV')
      .withRequest({
        method: 'PUT',
        path: `/v1/GeneratedCV/${SAVED_CV.id}/`,
        headers: unsafeJsonHeaders,
        body: changed,
      })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          id: SAVED_CV.id,
          uuid: SAVED_CV.uuid,
          url: cvUrl(SAVED_CV.id),
          name: changed.name,
          template: changed.template,
          entries: eachLike({
            id: integer(106),
            value: string('Ada Lovelace'),
            index: integer(0),
            section_field: integer(1001),
          }),
          created: timestamp,
          last_updated: timestamp,
        },
      });
    await pact.executeTest(async (mockServer) => {
      const saved = await updateGeneratedCv(clientFor(mockServer), SAVED_CV.id, changed);
      expect(saved).toMatchObject({ id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: 'Software Engineer 2025' });
    });
  });

  it("answers 404 for another user's CV", async () => {
    const pact = withCsrf(createPact())
      .given(FOREIGN_CV)
      .uponReceiving("[extension] a request to update another user's CV")
      .withRequest({
        method: 'PUT',
        path: `/v1/GeneratedCV/${OTHER_USERS_CV.id}/`,
        headers: unsafeJsonHeaders,
        body: changed,
      })
      .willRespondWith(notFound);
    await pact.executeTest(async (mockServer) => {
      expect(
        (await expectApiError(updateGeneratedCv(clientFor(mockServer), OTHER_USERS_CV.id, changed))).status,
      ).toBe(404);
    });
  });
});

describe('DELETE /v1/GeneratedCV/{id}/', () => {
  it('archives a saved CV', async () => {
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('a request to delete a saved CV')
      .withRequest({ method: 'DELETE', path: `/v1/GeneratedCV/${SAVED_CV.id}/`, headers: csrfHeaders })
      .willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(deleteGeneratedCv(clientFor(mockServer), SAVED_CV.id)).resolves.toBeUndefined();
    });
  });

  it("answers 404 for another user's CV", async () => {
    const pact = withCsrf(createPact())
      .given(FOREIGN_CV)
      .uponReceiving("a request to delete another user's CV")
      .withRequest({ method: 'DELETE', path: `/v1/GeneratedCV/${OTHER_USERS_CV.id}/`, headers: csrfHeaders })
      .willRespondWith(notFound);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(deleteGeneratedCv(clientFor(mockServer), OTHER_USERS_CV.id), 404);
    });
  });
});

describe('GET /v1/download/{pdf|word}/{id}/', () => {
  it('answers the CV as a PDF', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('a request to download a saved CV as PDF')
      .withRequest({ method: 'GET', path: `/v1/download/pdf/${SAVED_CV.id}/` })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadPdf(clientFor(mockServer), SAVED_CV.id);
      expect(blob.type).toBe(PDF_TYPE);
      expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    });
  });

  it('answers the CV as a Word document', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('a request to download a saved CV as Word')
      .withRequest({ method: 'GET', path: `/v1/download/word/${SAVED_CV.id}/` })
      .withResponseBinaryFile({ status: 200 }, DOCX_TYPE, path.join(FIXTURES, 'example-cv.docx'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadWord(clientFor(mockServer), SAVED_CV.id);
      expect(blob.type).toBe(DOCX_TYPE);
      expect(blob.size).toBeGreaterThan(0);
    });
  });

  it("answers 404 with a JSON detail for another user's CV", async () => {
    const pact = createPact()
      .given(FOREIGN_CV)
      .uponReceiving("a request to download another user's CV as PDF")
      .withRequest({ method: 'GET', path: `/v1/download/pdf/${OTHER_USERS_CV.id}/` })
      .willRespondWith(notFound);
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(downloadPdf(clientFor(mockServer), OTHER_USERS_CV.id));
      expect(error.status).toBe(404);
      expect(error.message).toBe('CV not found.');
    });
  });
});

describe('POST /cv/send-email/', () => {
  it('emails a saved CV to its owner', async () => {
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('a request to email a saved CV')
      .withRequest({
        method: 'POST',
        path: '/cv/send-email/',
        headers: unsafeJsonHeaders,
        body: { cv_id: SAVED_CV.id },
      })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: { detail: string('CV has been sent to your email address.') },
      });
    await pact.executeTest(async (mockServer) => {
      await expect(sendCvEmail(clientFor(mockServer), SAVED_CV.id)).resolves.toBeUndefined();
    });
  });

  it("answers 404 for another user's CV", async () => {
    const pact = withCsrf(createPact())
      .given(FOREIGN_CV)
      .uponReceiving("a request to email another user's CV")
      .withRequest({
        method: 'POST',
        path: '/cv/send-email/',
        headers: unsafeJsonHeaders,
        body: { cv_id: OTHER_USERS_CV.id },
      })
      .willRespondWith(notFound);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(sendCvEmail(clientFor(mockServer), OTHER_USERS_CV.id), 404);
    });
  });
});

// A session that ended while the app is open (expired, or the password changed on another device).
// Every saved-CV call the app makes answers 401; the app then ends the session and sends the person to sign in.
describe('401: the session has ended', () => {
  const ANY_VISITOR = 'any visitor';
  const unauthenticated = {
    status: 401,
    headers: jsonBody,
    body: { detail: string('Authentication credentials were not provided.') },
  };

  it('the list of saved CVs', async () => {
    const pact = createPact()
      .given(ANY_VISITOR)
      .uponReceiving('a request for the list of saved CVs without a session')
      .withRequest({ method: 'GET', path: '/v1/GeneratedCV/' })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listGeneratedCvs(clientFor(mockServer)), 401);
    });
  });

  it('a saved CV', async () => {
    const pact = createPact()
      .given(ANY_VISITOR)
      .uponReceiving('a request for a saved CV by uuid without a session')
      .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${SAVED_CV.uuid}/` })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(getGeneratedCv(clientFor(mockServer), SAVED_CV.uuid), 401);
    });
  });

  it('saving a new CV', async () => {
    const pact = withCsrf(createPact())
      .given(ANY_VISITOR)
      .uponReceiving('a request to save a new CV without a session')
      .withRequest({ method: 'POST', path: '/v1/GeneratedCV/', headers: unsafeJsonHeaders, body: newCv })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(createGeneratedCv(clientFor(mockServer), newCv), 401);
    });
  });

  it('saving over a saved CV', async () => {
    const pact = withCsrf(createPact())
      .given(ANY_VISITOR)
      .uponReceiving('[extension] a request to update a saved CV without a session')
      .withRequest({
        method: 'PUT',
        path: `/v1/GeneratedCV/${SAVED_CV.uuid}/`,
        headers: unsafeJsonHeaders,
        body: newCv,
      })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(updateGeneratedCv(clientFor(mockServer), SAVED_CV.uuid, newCv), 401);
    });
  });

  it('downloading a PDF', async () => {
    const pact = createPact()
      .given(ANY_VISITOR)
      .uponReceiving('a request for a PDF download without a session')
      .withRequest({ method: 'GET', path: `/v1/download/pdf/${SAVED_CV.uuid}/` })
      .willRespondWith(unauthenticated);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(downloadPdf(clientFor(mockServer), SAVED_CV.uuid), 401);
    });
  });
});
