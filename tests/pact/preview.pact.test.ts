import path from 'node:path';
import { preview, previewPdf, previewText, templatePreview, templatePreviewPdf } from '../../src/api/preview';
import { compactFormData } from '../../src/cv/form-data';
import { previewFailureMessage } from '../../src/machines/builder/preview-machine';
import {
  boolean,
  clientFor,
  createPact,
  eachLike,
  expectApiError,
  FIXTURES,
  jsonBody,
  PDF_TYPE,
  regex,
  string,
  unsafeJsonHeaders,
  withCsrf,
} from './support/pact';

// The live preview's calls (docs/behaviour.md#validation-rules, #api-calls): POST /v1/preview/ and
// /v1/preview-pdf/ with form data, and the template-only previews used while the form is empty. The preview
// routes need a signed-in user.

const SIGNED_IN = 'a signed-in user with no saved CVs';

// What the builder posts: blank values and empty sections already dropped.
const cvData = compactFormData({
  'Personal Details': { 'full_name-1001-0': 'Ada Lovelace', 'email-1003-0': '' },
  'Work Experience': {
    'job_title-1009-0': 'Analyst Programmer',
    'description-1015-0': '<p>Wrote the <strong>first</strong> program.</p>',
  },
  Skills: { 'skill_name-1022-0': '' },
});
const request = { templateId: 1, cvData };
const body = { template_id: 1, cv_data: cvData };

describe('POST /v1/preview/', () => {
  it('renders the form data as an HTML document', async () => {
    expect(Object.keys(cvData)).toEqual(['Personal Details', 'Work Experience']);
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('a request for an HTML preview of form data')
      .withRequest({ method: 'POST', path: '/v1/preview/', headers: unsafeJsonHeaders, body })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          html: regex(
            /^<!(DOCTYPE|doctype) html>[\s\S]*Ada Lovelace[\s\S]*$/,
            '<!DOCTYPE html><html><body><h1>Ada Lovelace</h1></body></html>',
          ),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const html = await preview(clientFor(mockServer), request);
      expect(html).toContain('Ada Lovelace');
    });
  });

  it("answers 404 with a detail for a template that does not exist; the pane says it in the person's words", async () => {
    const lost = { template_id: 999999, cv_data: cvData };
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('a request for an HTML preview on a template that does not exist')
      .withRequest({ method: 'POST', path: '/v1/preview/', headers: unsafeJsonHeaders, body: lost })
      .willRespondWith({ status: 404, headers: jsonBody, body: { detail: string('Template not found.') } });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(preview(clientFor(mockServer), { templateId: 999999, cvData }));
      expect(error.status).toBe(404);
      expect(previewFailureMessage(error, 'html')).toBe('Failed to generate preview');
    });
  });

  it('answers 401 when the session has ended (the app then sends the person to sign in)', async () => {
    const pact = withCsrf(createPact())
      .given('any visitor')
      .uponReceiving('a request for an HTML preview without a session')
      .withRequest({ method: 'POST', path: '/v1/preview/', headers: unsafeJsonHeaders, body })
      .willRespondWith({
        status: 401,
        headers: jsonBody,
        body: { detail: string('Authentication credentials were not provided.') },
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(preview(clientFor(mockServer), request), 401);
    });
  });
});

describe('POST /v1/preview-pdf/', () => {
  it('renders the form data as a PDF', async () => {
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('a request for a PDF preview of form data')
      .withRequest({ method: 'POST', path: '/v1/preview-pdf/', headers: unsafeJsonHeaders, body })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const pdf = await previewPdf(clientFor(mockServer), request);
      expect(pdf.type).toBe(PDF_TYPE);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    });
  });
});

// [extension] The ATS view: the same body as the PDF preview; the text a parser reads from the PDF and
// the checklist. Every value of this CV is found, so each check passes with no problems listed.
describe('POST /v1/preview-text/', () => {
  it('answers the text of the CV\'s PDF and the checklist', async () => {
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('a request for the ATS view of form data')
      .withRequest({ method: 'POST', path: '/v1/preview-text/', headers: unsafeJsonHeaders, body })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          text: regex(/^Ada Lovelace\n[\s\S]*Analyst Programmer[\s\S]*$/, 'Ada Lovelace\nWORK EXPERIENCE\nAnalyst Programmer\nWrote the first program.'),
          checks: eachLike({
            id: regex(/^(values|order|contact|characters)$/, 'values'),
            passed: boolean(true),
            problems: [],
          }),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const report = await previewText(clientFor(mockServer), request);
      expect(report.text).toContain('Ada Lovelace');
      expect(report.checks[0]).toEqual({ id: 'values', passed: true, problems: [] });
    });
  });

  it('answers 404 for a template that does not exist; the pane says it in the person\'s words', async () => {
    const lost = { template_id: 999999, cv_data: cvData };
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('a request for the ATS view on a template that does not exist')
      .withRequest({ method: 'POST', path: '/v1/preview-text/', headers: unsafeJsonHeaders, body: lost })
      .willRespondWith({ status: 404, headers: jsonBody, body: { detail: string('Template not found.') } });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(previewText(clientFor(mockServer), { templateId: 999999, cvData }));
      expect(error.status).toBe(404);
      expect(previewFailureMessage(error, 'ats')).toBe('Failed to generate ATS view');
    });
  });
});

describe('GET /v1/template-preview/{templateId}/', () => {
  it("answers the template's name and sample image, for a CV with nothing in it yet", async () => {
    const pact = createPact()
      .given(SIGNED_IN)
      .uponReceiving('a request for the template-only preview')
      .withRequest({ method: 'GET', path: '/v1/template-preview/1/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          template_name: string('Executive Classic'),
          icon_url: regex(
            /^(https?:\/\/[^/]+)?\/\S+$/,
            '/static/templates/executive-classic/icon.png?v=4f78e760f5',
          ),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const answer = await templatePreview(clientFor(mockServer), 1);
      expect(answer).toEqual({
        template_name: 'Executive Classic',
        icon_url: '/static/templates/executive-classic/icon.png?v=4f78e760f5',
      });
    });
  });
});

describe('GET /v1/template-preview-pdf/{templateId}/', () => {
  it('answers the template filled with its sample CV as a PDF', async () => {
    const pact = createPact()
      .given(SIGNED_IN)
      .uponReceiving('a request for the template-only PDF preview')
      .withRequest({ method: 'GET', path: '/v1/template-preview-pdf/1/' })
      .withResponseBinaryFile({ status: 200 }, PDF_TYPE, path.join(FIXTURES, 'example-cv.pdf'));
    await pact.executeTest(async (mockServer) => {
      const pdf = await templatePreviewPdf(clientFor(mockServer), 1);
      expect(pdf.type).toBe(PDF_TYPE);
      expect(pdf.size).toBeGreaterThan(0);
    });
  });
});
