import { createGeneratedCv, getGeneratedCv } from '../../src/api/cvs';
import { preview } from '../../src/api/preview';
import { SAVED_CV, SHAPED_LAYOUT } from '../../server/tests/pact/states/cvs';
import {
  answersSavedCv,
  clientFor,
  expectApiError,
  jsonBody,
  like,
  refusesNewCv,
  savesNewCv,
  twoEntryCv,
  twoEntryCvData as cvData,
  unsafeCall,
} from './support/pact';

// [extension] a saved CV's own structure — `layout` on GeneratedCV and on the previews. A backend
// without it ignores the field (a plain JSON body key) and answers no layout: the CV prints as its template says.

const NO_CVS = 'a signed-in user with no saved CVs';
const SHAPED = 'a signed-in user with a saved CV shaped by its own layout';

const payload = twoEntryCv('Shaped 2024', { layout: SHAPED_LAYOUT });

describe('[extension] a CV with its own layout', () => {
  it('saves the layout with the CV and answers it back', async () => {
    const pact = savesNewCv(NO_CVS, '[extension] a new CV saved with its own layout', payload, {
      layout: SHAPED_LAYOUT,
    });
    await pact.executeTest(async (mockServer) => {
      const saved = await createGeneratedCv(clientFor(mockServer), payload);
      expect(saved.layout).toEqual(SHAPED_LAYOUT);
    });
  });

  it('answers a saved CV with its layout', async () => {
    const pact = answersSavedCv(
      SHAPED,
      '[extension] a request for a saved CV that has its own layout',
      SAVED_CV,
      { layout: SHAPED_LAYOUT },
    );
    await pact.executeTest(async (mockServer) => {
      const cv = await getGeneratedCv(clientFor(mockServer), SAVED_CV.uuid);
      expect(cv.layout).toEqual(SHAPED_LAYOUT);
    });
  });

  it('refuses a layout that names a section the template does not have (400 naming the field)', async () => {
    const bad = { ...payload, layout: { ...SHAPED_LAYOUT, hidden_sections: [999] } };
    const pact = refusesNewCv(
      NO_CVS,
      '[extension] a new CV saved with a layout that names an unknown section',
      bad,
      '^layout\\.hidden_sections\\[0\\]: .+$',
      'layout.hidden_sections[0]: "999" is unknown',
    );
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(createGeneratedCv(clientFor(mockServer), bad), 400);
      expect(error.message).toMatch(/^layout\.hidden_sections\[0\]/);
    });
  });

  it('previews the form data with the layout', async () => {
    const pact = unsafeCall(
      NO_CVS,
      '[extension] a request for an HTML preview with the CV’s own layout',
      'POST',
      '/v1/preview/',
      { template_id: 1, cv_data: cvData, layout: SHAPED_LAYOUT },
    ).willRespondWith({
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
