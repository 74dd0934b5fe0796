import path from 'node:path';
import { isApiError } from '../../src/api/api-error';
import { createGeneratedCv, downloadCv, getGeneratedCv, updateGeneratedCv } from '../../src/api/cvs';
import type { ApiClient } from '../../src/api/http';
import { getTemplate } from '../../src/api/templates';
import { entriesFromFormData } from '../../src/cv/form-data';
import { loadBuilderCv, type CvLoaders } from '../../src/drafts/load-cv';
import { SAVED_CV } from '../../server/tests/pact/states/cvs';
import {
  boolean,
  clientFor,
  createPact,
  DOCX_TYPE,
  eachLike,
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

// The CV builder's calls (docs/behaviour.md#cv-builder, #states-and-flows, #api-calls): opening /dashboard/{id}
// by uuid or by a numeric id that is a template, saving a new CV (POST) and an existing one (PUT), and the
// builder's downloads by uuid. The builder's own code makes them: the loader tries a numeric id as a CV first,
// the save body comes from the form data. State sentences and fixed ids: server/tests/pact/states/cvs.ts and
// catalogue-web.ts.

const NO_CVS = 'a signed-in user with no saved CVs';
const ONE_CV = 'a signed-in user with a saved CV';
const CATALOGUE = 'the template catalogue is seeded';

const timestamp = isoTimestamp('2024-05-01T09:30:00.000Z');
const cvUrl = regex('^https?://[^/]+/v1/GeneratedCV/\\d+/$', 'http://localhost:8000/v1/GeneratedCV/7/');

/** Template 1 as the builder reads it: sections with their input fields (ids from server/templates). */
const templateOne = {
  id: 1,
  name: string('Executive Classic'),
  icon: string('/static/templates/executive-classic/icon.png'),
  category: integer(1),
  sections: eachLike({
    id: integer(101),
    name: string('Personal Details'),
    description: string('Your name and how recruiters can reach you.'),
    created: timestamp,
    last_updated: timestamp,
    is_active: boolean(true),
    is_required: boolean(true),
    is_repeatable: boolean(false),
    input_fields: eachLike({
      id: integer(1001),
      name: string('full_name'),
      widget_label: string('Full Name'),
      widget_type: string('text-input'),
      description: string('As you want it to appear at the top of your CV.'),
      is_required: boolean(true),
    }),
  }),
};

function loadersFor(client: ApiClient): CvLoaders {
  return {
    getGeneratedCv: (reference) => getGeneratedCv(client, reference),
    getTemplate: (id) => getTemplate(client, id),
    readDraft: () => undefined,
    removeDraft: () => undefined,
    mintDraftId: () => '0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d',
  };
}

const savedCvBody = (cv: {
  name: string;
  template: number;
  entries: readonly { value: string; index: number; section_field: number }[];
}) => ({
  id: integer(SAVED_CV.id),
  uuid: uuid(SAVED_CV.uuid),
  url: cvUrl,
  name: cv.name,
  template: cv.template,
  entries: eachLike({
    id: integer(101),
    value: string('Ada Lovelace'),
    index: integer(0),
    section_field: integer(1001),
  }),
  created: timestamp,
  last_updated: timestamp,
});

describe('opening /dashboard/{id}', () => {
  it('opens a uuid as a saved CV, then reads its template', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('the builder: a request for a saved CV by its uuid')
      .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${SAVED_CV.uuid}/` })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          id: integer(SAVED_CV.id),
          uuid: SAVED_CV.uuid,
          url: cvUrl,
          name: SAVED_CV.name,
          template: SAVED_CV.template,
          entries: SAVED_CV.entries.map((entry) => ({ ...entry, id: integer(entry.id) })),
          created: timestamp,
          last_updated: timestamp,
        },
      })
      .given(CATALOGUE)
      .uponReceiving('the builder: a request for the template of the CV it opens')
      .withRequest({ method: 'GET', path: '/v1/CvTemplate/1/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: templateOne });
    await pact.executeTest(async (mockServer) => {
      const loaded = await loadBuilderCv(
        { kind: 'saved', reference: SAVED_CV.uuid },
        loadersFor(clientFor(mockServer)),
      );
      expect(loaded.cv).toMatchObject({
        id: SAVED_CV.id,
        uuid: SAVED_CV.uuid,
        name: SAVED_CV.name,
        template: 1,
      });
      expect(loaded.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada Lovelace' });
      expect(loaded).toMatchObject({ isSaved: true, isEditing: true, completedSections: [0] });
    });
  });

  it('tries a numeric id as a CV first and, on 404, opens the template of that id', async () => {
    const pact = createPact()
      .given(NO_CVS)
      .uponReceiving('the builder: a request for a CV whose id is a template id')
      .withRequest({ method: 'GET', path: '/v1/GeneratedCV/1/' })
      .willRespondWith({ status: 404, headers: jsonBody, body: { detail: string('CV not found.') } })
      .given(CATALOGUE)
      .uponReceiving('the builder: a request for the template a new CV starts from')
      .withRequest({ method: 'GET', path: '/v1/CvTemplate/1/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: templateOne });
    await pact.executeTest(async (mockServer) => {
      const loaded = await loadBuilderCv({ kind: 'numeric', id: 1 }, loadersFor(clientFor(mockServer)));
      expect(loaded.cv).toEqual({ name: '', template: 1, entries: [] });
      expect(loaded).toMatchObject({ isSaved: false, isEditing: false });
    });
  });
});

describe('saving from the builder', () => {
  const formData = {
    'Personal Details': {
      'full_name-1001-0': 'Ada Lovelace',
      'email-1003-0': 'ada@example.com',
      'location-1005-0': '',
    },
    'Work Experience': { 'job_title-1009-0': 'Analyst Programmer', 'job_title-1009-1': 'Engine Designer' },
  };
  const payload = { name: 'Software Engineer 2024', template: 1, entries: entriesFromFormData(formData) };

  it('creates a new CV (POST) from the form data, blank values left out', async () => {
    expect(payload.entries).toHaveLength(4);
    const pact = withCsrf(createPact())
      .given(NO_CVS)
      .uponReceiving('the builder: a request to save a new CV')
      .withRequest({ method: 'POST', path: '/v1/GeneratedCV/', headers: unsafeJsonHeaders, body: payload })
      .willRespondWith({ status: 201, headers: jsonBody, body: savedCvBody(payload) });
    await pact.executeTest(async (mockServer) => {
      const saved = await createGeneratedCv(clientFor(mockServer), payload);
      expect(saved).toMatchObject({ id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: payload.name });
    });
  });

  it('updates a saved CV (PUT) by its id', async () => {
    const renamed = { ...payload, name: 'Engine Designer 1843' };
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('[extension] the builder: a request to save changes to a saved CV')
      .withRequest({
        method: 'PUT',
        path: `/v1/GeneratedCV/${SAVED_CV.id}/`,
        headers: unsafeJsonHeaders,
        body: renamed,
      })
      .willRespondWith({ status: 200, headers: jsonBody, body: savedCvBody(renamed) });
    await pact.executeTest(async (mockServer) => {
      const saved = await updateGeneratedCv(clientFor(mockServer), SAVED_CV.id, renamed);
      expect(saved).toMatchObject({ id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: 'Engine Designer 1843' });
    });
  });
});

describe('[extension] saving only over the version the edit started from (If-Match)', () => {
  const payload = {
    name: 'Engine Designer 1843',
    template: 1,
    entries: [{ value: 'Ada Lovelace', index: 0, section_field: 1001 }],
  };

  it('saves when the server still holds that version', async () => {
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('[extension] the builder: a request to save a CV over the version it read')
      .withRequest({
        method: 'PUT',
        path: `/v1/GeneratedCV/${SAVED_CV.id}/`,
        headers: { ...unsafeJsonHeaders, 'If-Match': `"${SAVED_CV.last_updated}"` },
        body: payload,
      })
      .willRespondWith({ status: 200, headers: jsonBody, body: savedCvBody(payload) });
    await pact.executeTest(async (mockServer) => {
      const saved = await updateGeneratedCv(clientFor(mockServer), SAVED_CV.id, payload, {
        ifLastUpdated: SAVED_CV.last_updated,
      });
      expect(saved).toMatchObject({ id: SAVED_CV.id, name: payload.name });
    });
  });

  it("is refused with 412 'This CV was changed elsewhere.' when someone saved it since", async () => {
    const stale = '2024-05-01T09:30:00.000Z';
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving(
        '[extension] the builder: a request to save a CV over a version that is no longer current',
      )
      .withRequest({
        method: 'PUT',
        path: `/v1/GeneratedCV/${SAVED_CV.id}/`,
        headers: { ...unsafeJsonHeaders, 'If-Match': `"${stale}"` },
        body: payload,
      })
      .willRespondWith({
        status: 412,
        headers: jsonBody,
        body: { detail: string('This CV was changed elsewhere.') },
      });
    await pact.executeTest(async (mockServer) => {
      const error = await updateGeneratedCv(clientFor(mockServer), SAVED_CV.id, payload, {
        ifLastUpdated: stale,
      }).catch((caught: unknown) => caught);
      expect(isApiError(error) && error.status).toBe(412);
    });
  });
});

describe("the builder's downloads, by uuid", () => {
  it.each([
    ['pdf', PDF_TYPE, 'example-cv.pdf'],
    ['word', DOCX_TYPE, 'example-cv.docx'],
  ] as const)('downloads the saved CV as %s', async (format, type, fixture) => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving(`the builder: a request to download a saved CV as ${format} by its uuid`)
      .withRequest({ method: 'GET', path: `/v1/download/${format}/${SAVED_CV.uuid}/` })
      .withResponseBinaryFile({ status: 200 }, type, path.join(FIXTURES, fixture));
    await pact.executeTest(async (mockServer) => {
      const blob = await downloadCv(clientFor(mockServer), SAVED_CV.uuid, format);
      expect(blob.type).toBe(type);
      expect(blob.size).toBeGreaterThan(0);
    });
  });
});
