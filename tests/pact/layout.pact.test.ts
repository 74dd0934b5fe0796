import { ApiError } from '../../src/api/api-error';
import { createGeneratedCv, getGeneratedCv, type GeneratedCvPayload } from '../../src/api/cvs';
import { preview } from '../../src/api/preview';
import { SAVED_CV, SHAPED_LAYOUT } from '../../server/tests/pact/states/cvs';
import { clientFor, createPact, csrfHeaders, integer, like, regex, string, withCsrf } from './support/pact';

// Issue 12, [extension]: a saved CV's own structure — `layout` on GeneratedCV and on the previews. A backend
// without it ignores the field (a plain JSON body key) and answers no layout: the CV prints as its template says.

const NO_CVS = 'a signed-in user with no saved CVs';
const SHAPED = 'a signed-in user with a saved CV shaped by its own layout';

const jsonBody = { 'Content-Type': regex('application/json(;.*)?', 'application/json; charset=utf-8') };
const unsafeHeaders = { ...csrfHeaders, 'Content-Type': 'application/json' };

const payload: GeneratedCvPayload = {
  name: 'Shaped 2024',
  template: 1,
  entries: [
    { value: 'Ada Lovelace', index: 0, section_field: 1001 },
    { value: 'Analyst Programmer', index: 0, section_field: 1009 },
  ],
  layout: SHAPED_LAYOUT,
};

describe('[extension] a CV with its own layout', () => {
  it('saves the layout with the CV and answers it back', async () => {
    const pact = withCsrf(createPact())
      .given(NO_CVS)
      .uponReceiving('[extension] a new CV saved with its own layout')
      .withRequest({ method: 'POST', path: '/v1/GeneratedCV/', headers: unsafeHeaders, body: payload })
      .willRespondWith({
        status: 201,
        headers: jsonBody,
        body: {
          id: integer(1),
          uuid: string('3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f'),
          name: 'Shaped 2024',
          template: 1,
          entries: payload.entries.map((entry) => ({ ...entry, id: integer(1) })),
          layout: SHAPED_LAYOUT,
        },
      });
    await pact.executeTest(async (mockServer) => {
      const saved = await createGeneratedCv(clientFor(mockServer), payload);
      expect(saved.layout).toEqual(SHAPED_LAYOUT);
    });
  });

  it('answers a saved CV with its layout', async () => {
    const pact = createPact()
      .given(SHAPED)
      .uponReceiving('[extension] a request for a saved CV that has its own layout')
      .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${SAVED_CV.uuid}/` })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: { id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: SAVED_CV.name, template: 1, layout: SHAPED_LAYOUT },
      });
    await pact.executeTest(async (mockServer) => {
      const cv = await getGeneratedCv(clientFor(mockServer), SAVED_CV.uuid);
      expect(cv.layout).toEqual(SHAPED_LAYOUT);
    });
  });

  it('refuses a layout that names a section the template does not have (400 naming the field)', async () => {
    const bad = { ...payload, layout: { ...SHAPED_LAYOUT, hidden_sections: [999] } };
    const pact = withCsrf(createPact())
      .given(NO_CVS)
      .uponReceiving('[extension] a new CV saved with a layout that names an unknown section')
      .withRequest({ method: 'POST', path: '/v1/GeneratedCV/', headers: unsafeHeaders, body: bad })
      .willRespondWith({
        status: 400,
        headers: jsonBody,
        body: { detail: regex('^layout\\.hidden_sections\\[0\\]: .+$', 'layout.hidden_sections[0]: "999" is unknown') },
      });
    await pact.executeTest(async (mockServer) => {
      const error = await createGeneratedCv(clientFor(mockServer), bad).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(/^layout\.hidden_sections\[0\]/);
    });
  });

  it('previews the form data with the layout', async () => {
    const cvData = {
      'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
      'Work Experience': { 'job_title-1009-0': 'Analyst Programmer' },
    };
    const pact = withCsrf(createPact())
      .given(NO_CVS)
      .uponReceiving('[extension] a request for an HTML preview with the CV’s own layout')
      .withRequest({
        method: 'POST',
        path: '/v1/preview/',
        headers: unsafeHeaders,
        body: { template_id: 1, cv_data: cvData, layout: SHAPED_LAYOUT },
      })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: { html: like('<!doctype html><h2>Professional Experience</h2><h2>Volunteering</h2>') },
      });
    await pact.executeTest(async (mockServer) => {
      const html = await preview(clientFor(mockServer), { templateId: 1, cvData, layout: SHAPED_LAYOUT });
      expect(html).toContain('Professional Experience');
    });
  });
});
