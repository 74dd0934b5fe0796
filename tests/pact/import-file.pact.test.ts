import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importCvFile } from '../../src/api/import-file';
import {
  clientFor,
  createPact,
  csrfHeaders,
  detail,
  expectApiError,
  FIXTURES,
  jsonBody,
  like,
  PDF_TYPE,
  string,
  withCsrf,
} from './support/pact';

// [extension] A CV's PDF or Word file read into a JSON Resume (server/src/cv-import/): POST /v1/import/file/ with
// the file as the body. A backend without it answers 404 and the import dialog keeps to JSON Resume.

const SIGNED_IN = 'a signed-in user';
const CV_PDF = path.join(FIXTURES, 'import-cv.pdf');
const SCANNED_PDF = path.join(FIXTURES, 'scanned.pdf');
const bytesOf = (file: string) => new Uint8Array(readFileSync(file));

describe('[extension] POST /v1/import/file/', () => {
  it('reads a PDF into a JSON Resume with a confidence per field', async () => {
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('[extension] a CV as a PDF to import')
      .withRequestBinaryFile(
        { method: 'POST', path: '/v1/import/file/', headers: csrfHeaders },
        PDF_TYPE,
        CV_PDF,
      )
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          resume: like({
            basics: like({ name: string('Jonas Weber'), email: string('jonas.weber@example.de') }),
          }),
          confidence: like({ 'basics.name': like(0.9), 'basics.email': like(0.95) }),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const answer = await importCvFile(clientFor(mockServer), { type: PDF_TYPE, bytes: bytesOf(CV_PDF) });
      expect(answer.resume.basics).toMatchObject({ name: 'Jonas Weber' });
      expect(answer.confidence['basics.email']).toBeGreaterThan(0.5);
    });
  });

  it('a PDF with pictures of text and no text is a 400 with a sentence', async () => {
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('[extension] a scanned PDF to import')
      .withRequestBinaryFile(
        { method: 'POST', path: '/v1/import/file/', headers: csrfHeaders },
        PDF_TYPE,
        SCANNED_PDF,
      )
      .willRespondWith({
        status: 400,
        headers: jsonBody,
        body: detail('This PDF holds pictures of text, not text: it was scanned or printed as images.'),
      });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        importCvFile(clientFor(mockServer), { type: PDF_TYPE, bytes: bytesOf(SCANNED_PDF) }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^This PDF holds pictures of text, not text: /);
    });
  });

  it('another type of file is a 415 with a sentence', async () => {
    const pact = withCsrf(createPact())
      .given(SIGNED_IN)
      .uponReceiving('[extension] a text file to import as a CV')
      .withRequest({
        method: 'POST',
        path: '/v1/import/file/',
        headers: { ...csrfHeaders, 'Content-Type': 'text/plain' },
        body: 'Jonas Weber',
      })
      .willRespondWith({
        status: 415,
        headers: jsonBody,
        body: detail('Only a PDF or a Word file (.docx) can be imported here.'),
      });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        importCvFile(clientFor(mockServer), {
          type: 'text/plain',
          bytes: new TextEncoder().encode('Jonas Weber'),
        }),
      );
      expect(error.status).toBe(415);
    });
  });
});
