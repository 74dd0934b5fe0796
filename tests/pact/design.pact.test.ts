import path from 'node:path';
import {
  createGeneratedCv,
  getGeneratedCv,
  listGeneratedCvs,
  updateGeneratedCv,
  type GeneratedCvPayload,
} from '../../src/api/cvs';
import { PLAIN_PHOTO, designToWire, listFonts, type CvDesign } from '../../src/api/design';
import { previewPdfWithFit, previewWithFit } from '../../src/api/preview';
import { FITS_ONE_PAGE_HEADER } from '../../rules/design';
import { SAVED_CV, SAVED_DESIGN } from '../../server/tests/pact/states/cvs';
import {
  answersSavedCv,
  clientFor,
  expectApiError,
  createPact,
  eachLike,
  FIXTURES,
  integer,
  jsonBody,
  like,
  PDF_TYPE,
  refusesNewCv,
  regex,
  savesNewCv,
  string,
  twoEntryCv,
  twoEntryCvData as cvData,
  unsafeCall,
} from './support/pact';

// [extension] a saved CV's design settings — `design` on GeneratedCV and on both previews, and
// GET /v1/fonts/. A backend without it ignores the field and answers no design: the CV prints as its template says.

const NO_CVS = 'a signed-in user with no saved CVs';
const DESIGNED = 'a signed-in user with a saved CV with its own design';

const design: CvDesign = { ...SAVED_DESIGN, photo: PLAIN_PHOTO };

const payload = twoEntryCv('Designed 2024', { design });

/** A preview of the two entries with the design, before a CV is saved. */
const designedPreview = (description: string, route: string) =>
  unsafeCall(NO_CVS, description, 'POST', route, { template_id: 1, cv_data: cvData, design: designToWire(design) });

describe('[extension] a CV with its own design', () => {
  it('lists the bundled fonts', async () => {
    const pact = createPact()
      .given(NO_CVS)
      .uponReceiving('[extension] a request for the bundled fonts')
      .withRequest({ method: 'GET', path: '/v1/fonts/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: eachLike({
          id: string('noto-serif'),
          name: string('Noto Serif'),
          category: regex('^(serif|sans-serif|monospace)$', 'serif'),
          body_family: string('Noto Serif'),
          heading_family: string('Noto Serif'),
        }),
      });
    await pact.executeTest(async (mockServer) => {
      const fonts = await listFonts(clientFor(mockServer));
      expect(fonts[0]).toMatchObject({ id: 'noto-serif', category: 'serif' });
    });
  });

  it('lists each saved CV with the paper it prints on', async () => {
    const pact = createPact()
      .given(DESIGNED)
      .uponReceiving('[extension] a request for the list of saved CVs with their paper')
      .withRequest({ method: 'GET', path: '/v1/GeneratedCV/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          {
            id: integer(SAVED_CV.id),
            uuid: string(SAVED_CV.uuid),
            url: string(`http://127.0.0.1/v1/GeneratedCV/${SAVED_CV.id}/`),
            name: string(SAVED_CV.name),
            template: integer(SAVED_CV.template),
            created: string(SAVED_CV.created),
            last_updated: string(SAVED_CV.last_updated),
            page_size: regex('^(A4|Letter)$', 'Letter'),
          },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      const [cv] = await listGeneratedCvs(clientFor(mockServer));
      expect(cv).toMatchObject({ id: SAVED_CV.id, page_size: 'Letter' });
    });
  });

  it('saves the design with the CV and answers it back', async () => {
    const pact = savesNewCv(NO_CVS, '[extension] a new CV saved with its own design', payload, { design });
    await pact.executeTest(async (mockServer) => {
      const saved = await createGeneratedCv(clientFor(mockServer), payload);
      expect(saved.design).toEqual(design);
    });
  });

  it('answers a saved CV with its design', async () => {
    const pact = answersSavedCv(
      DESIGNED,
      '[extension] a request for a saved CV that has its own design',
      SAVED_CV,
      { design },
    );
    await pact.executeTest(async (mockServer) => {
      const cv = await getGeneratedCv(clientFor(mockServer), SAVED_CV.uuid);
      expect(cv.design).toEqual(design);
    });
  });

  it('puts the CV back to the template’s look (design null)', async () => {
    const body = {
      name: SAVED_CV.name,
      template: 1,
      entries: [{ value: 'Ada Lovelace', index: 0, section_field: 1001 }],
      design: null,
    };
    const pact = unsafeCall(
      DESIGNED,
      '[extension] a saved CV updated back to its template’s design',
      'PUT',
      `/v1/GeneratedCV/${SAVED_CV.id}/`,
      body,
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { id: SAVED_CV.id, uuid: SAVED_CV.uuid, name: SAVED_CV.name, template: 1, design: null },
    });
    await pact.executeTest(async (mockServer) => {
      const saved = await updateGeneratedCv(clientFor(mockServer), SAVED_CV.id, body);
      expect(saved.design).toBeUndefined();
    });
  });

  it('refuses a design with a value the API does not know (400 naming the field)', async () => {
    const bad = { ...payload, design: { ...design, page_size: 'A5' } } as unknown as GeneratedCvPayload;
    const pact = refusesNewCv(
      NO_CVS,
      '[extension] a new CV saved with an unknown page size',
      bad,
      '^design\\.page_size: .+$',
      'design.page_size: must be one of "A4", "Letter"',
    );
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(createGeneratedCv(clientFor(mockServer), bad), 400);
      expect(error.message).toMatch(/^design\.page_size/);
    });
  });

  it('previews the form data with the design, saying whether it fits one page', async () => {
    const pact = designedPreview(
      '[extension] a request for an HTML preview with the CV’s own design',
      '/v1/preview/',
    ).willRespondWith({
      status: 200,
      headers: jsonBody,
      body: {
        html: like('<!doctype html><style>@page{size:215.9mm 279.4mm;}</style>'),
        fits_one_page: true,
      },
    });
    await pact.executeTest(async (mockServer) => {
      const answer = await previewWithFit(clientFor(mockServer), { templateId: 1, cvData, design });
      expect(answer.fitsOnePage).toBe(true);
    });
  });

  it('prints the PDF preview with the design, saying in a header whether it fits one page', async () => {
    const pact = designedPreview(
      '[extension] a request for a PDF preview with the CV’s own design',
      '/v1/preview-pdf/',
    ).withResponseBinaryFile(
      { status: 200, headers: { [FITS_ONE_PAGE_HEADER]: regex('^(true|false)$', 'true') } },
      PDF_TYPE,
      path.join(FIXTURES, 'example-cv.pdf'),
    );
    await pact.executeTest(async (mockServer) => {
      const answer = await previewPdfWithFit(clientFor(mockServer), { templateId: 1, cvData, design });
      expect(answer.pdf.type).toBe(PDF_TYPE);
      expect(answer.fitsOnePage).toBe(true);
    });
  });
});
