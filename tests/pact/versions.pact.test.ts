import path from 'node:path';
import { OTHER_USERS_CV, SAVED_CV } from '../../server/tests/pact/states/cvs';
import { VERSIONS } from '../../server/tests/pact/states/versions';
import {
  downloadVersion,
  getVersion,
  listVersions,
  renameVersion,
  restoreVersion,
} from '../../src/api/versions';
import {
  FIXTURES,
  PDF_TYPE,
  DOCX_TYPE,
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

// [extension] The versions of a saved CV: every save keeps one; the builder's Versions dialog lists them, names one,
// opens one, restores one and downloads one. Provider states: server/tests/pact/states/versions.ts and cvs.ts.

const VERSIONED = 'a signed-in user with a saved CV with three versions';
const FOREIGN_CV = "a signed-in user and another user's CV";
const CV_NOT_FOUND = { status: 404, headers: jsonBody, body: detail('CV not found.') };
const NO_SUCH_VERSION = { status: 404, headers: jsonBody, body: detail('This CV has no version 99.') };
const versionsPath = (cv: { id: number }) => `/v1/GeneratedCV/${cv.id}/versions/`;

const [V1, V2, V3] = VERSIONS;
const summary = (version: (typeof VERSIONS)[number]) => ({
  number: version.number,
  created: isoTimestamp(version.created),
  name: version.name === null ? null : string(version.name),
  reason: version.reason,
  template: integer(1),
  deliveries:
    'delivered' in version ? [{ kind: version.delivered.kind, at: isoTimestamp(version.delivered.at) }] : [],
});

describe('[extension] GET /v1/GeneratedCV/{id}/versions/', () => {
  it('lists the versions newest first, each with its reason, template and deliveries', async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request for the versions of a saved CV')
      .withRequest({ method: 'GET', path: versionsPath(SAVED_CV) })
      .willRespondWith({ status: 200, headers: jsonBody, body: [summary(V3), summary(V2), summary(V1)] });
    await pact.executeTest(async (mockServer) => {
      const versions = await listVersions(clientFor(mockServer), SAVED_CV.id);
      expect(versions.map((version) => version.number)).toEqual([3, 2, 1]);
      expect(versions[1]).toMatchObject({ name: 'Sent to Acme', deliveries: [{ kind: 'pdf' }] });
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = createPact()
      .given(FOREIGN_CV)
      .uponReceiving("[extension] a request for the versions of another user's CV")
      .withRequest({ method: 'GET', path: versionsPath(OTHER_USERS_CV) })
      .willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listVersions(clientFor(mockServer), OTHER_USERS_CV.id), 404);
    });
  });
});

describe('[extension] GET /v1/GeneratedCV/{id}/versions/{number}/', () => {
  it('answers the version with its entries, layout and design', async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request for one version of a saved CV')
      .withRequest({ method: 'GET', path: `${versionsPath(SAVED_CV)}1/` })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          ...summary(V1),
          entries: V1.cells.map(([section_field, index, value]) => ({ value, index, section_field })),
          layout: null,
          design: null,
        },
      });
    await pact.executeTest(async (mockServer) => {
      const version = await getVersion(clientFor(mockServer), SAVED_CV.id, 1);
      expect(version.entries.find((entry) => entry.section_field === 1009)?.value).toBe('Junior Analyst');
      expect(version.layout).toBeUndefined();
    });
  });

  it('answers 404 for a version the CV does not have', async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request for a version a saved CV does not have')
      .withRequest({ method: 'GET', path: `${versionsPath(SAVED_CV)}99/` })
      .willRespondWith(NO_SUCH_VERSION);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(getVersion(clientFor(mockServer), SAVED_CV.id, 99), 404);
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = createPact()
      .given(FOREIGN_CV)
      .uponReceiving("[extension] a request for one version of another user's CV")
      .withRequest({ method: 'GET', path: `${versionsPath(OTHER_USERS_CV)}1/` })
      .willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(getVersion(clientFor(mockServer), OTHER_USERS_CV.id, 1), 404);
    });
  });
});

describe('[extension] PATCH /v1/GeneratedCV/{id}/versions/{number}/', () => {
  it('names a version', async () => {
    const pact = unsafeCall(
      VERSIONED,
      '[extension] a request to name a version',
      'PATCH',
      `${versionsPath(SAVED_CV)}1/`,
      { name: 'First draft' },
    ).willRespondWith({ status: 200, headers: jsonBody, body: { ...summary(V1), name: 'First draft' } });
    await pact.executeTest(async (mockServer) => {
      const version = await renameVersion(clientFor(mockServer), SAVED_CV.id, 1, 'First draft');
      expect(version).toMatchObject({ number: 1, name: 'First draft' });
    });
  });

  it('refuses a name that is too long with 400 naming the field', async () => {
    const long = 'x'.repeat(101);
    const pact = unsafeCall(
      VERSIONED,
      '[extension] a request to give a version a name that is too long',
      'PATCH',
      `${versionsPath(SAVED_CV)}1/`,
      { name: long },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: regex('^name: .+', 'name: must NOT have more than 100 characters') },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(renameVersion(clientFor(mockServer), SAVED_CV.id, 1, long), 400);
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = unsafeCall(
      FOREIGN_CV,
      "[extension] a request to name a version of another user's CV",
      'PATCH',
      `${versionsPath(OTHER_USERS_CV)}1/`,
      { name: 'Mine' },
    ).willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(renameVersion(clientFor(mockServer), OTHER_USERS_CV.id, 1, 'Mine'), 404);
    });
  });
});

describe('[extension] POST /v1/GeneratedCV/{id}/versions/{number}/restore/', () => {
  it('restores a version as a new one and answers the CV as now saved', async () => {
    const pact = unsafeCall(
      VERSIONED,
      '[extension] a request to restore a version',
      'POST',
      `${versionsPath(SAVED_CV)}1/restore/`,
      {},
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        id: SAVED_CV.id,
        uuid: SAVED_CV.uuid,
        name: SAVED_CV.name,
        template: 1,
        entries: V1.cells.map(([section_field, index, value]) => ({
          id: integer(1),
          value,
          index,
          section_field,
        })),
        last_updated: isoTimestamp('2024-05-02T10:15:00.001Z'),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const cv = await restoreVersion(clientFor(mockServer), SAVED_CV.id, 1);
      expect(cv.entries.find((entry) => entry.section_field === 1009)?.value).toBe('Junior Analyst');
    });
  });

  it('answers 404 for a version the CV does not have', async () => {
    const pact = unsafeCall(
      VERSIONED,
      '[extension] a request to restore a version a saved CV does not have',
      'POST',
      `${versionsPath(SAVED_CV)}99/restore/`,
      {},
    ).willRespondWith(NO_SUCH_VERSION);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(restoreVersion(clientFor(mockServer), SAVED_CV.id, 99), 404);
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = unsafeCall(
      FOREIGN_CV,
      "[extension] a request to restore a version of another user's CV",
      'POST',
      `${versionsPath(OTHER_USERS_CV)}1/restore/`,
      {},
    ).willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(restoreVersion(clientFor(mockServer), OTHER_USERS_CV.id, 1), 404);
    });
  });
});

describe('[extension] GET /v1/download/{pdf|word}/{id}/?version={number}', () => {
  it("answers a version's PDF", async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request to download a version of a saved CV as PDF')
      .withRequest({ method: 'GET', path: `/v1/download/pdf/${SAVED_CV.id}/`, query: { version: '1' } })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadVersion(clientFor(mockServer), SAVED_CV.id, 1, 'pdf');
      expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    });
  });

  it("answers a version's Word file", async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request to download a version of a saved CV as Word')
      .withRequest({ method: 'GET', path: `/v1/download/word/${SAVED_CV.id}/`, query: { version: '2' } })
      .withResponseBinaryFile({ status: 200 }, DOCX_TYPE, path.join(FIXTURES, 'example-cv.docx'));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadVersion(clientFor(mockServer), SAVED_CV.id, 2, 'word');
      expect(blob.size).toBeGreaterThan(0);
    });
  });

  it('answers 404 for a version the CV does not have', async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request to download a version a saved CV does not have')
      .withRequest({ method: 'GET', path: `/v1/download/pdf/${SAVED_CV.id}/`, query: { version: '99' } })
      .willRespondWith(NO_SUCH_VERSION);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(downloadVersion(clientFor(mockServer), SAVED_CV.id, 99, 'pdf'), 404);
    });
  });

  it('refuses a version that is not a number with 400', async () => {
    const pact = createPact()
      .given(VERSIONED)
      .uponReceiving('[extension] a request to download a version that is not a number')
      .withRequest({ method: 'GET', path: `/v1/download/pdf/${SAVED_CV.id}/`, query: { version: '0' } })
      .willRespondWith({
        status: 400,
        headers: jsonBody,
        body: { detail: regex('^version: .+', 'version: must be >= 1') },
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(downloadVersion(clientFor(mockServer), SAVED_CV.id, 0, 'pdf'), 400);
    });
  });
});
