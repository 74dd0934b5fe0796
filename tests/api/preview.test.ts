// @vitest-environment node
// The preview calls against a real local HTTP server: bodies, paths, decoding, binary answers and aborts.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../src/api/api-error';
import { createApiClient } from '../../src/api/http';
import { preview, previewPdf, templatePreview, templatePreviewPdf } from '../../src/api/preview';

interface Recorded {
  method: string;
  url: string;
  body: string;
}

let server: Server;
let baseURL: string;
let requests: Recorded[];
let handler: (request: Recorded, response: ServerResponse) => void;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', body };
      if (recorded.url === '/auth/csrf/') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
        return;
      }
      requests.push(recorded);
      handler(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
});

const client = () =>
  createApiClient({ baseURL, getCsrfToken: () => 'token', retries: 0, sleep: async () => undefined });
const cvData = { 'Personal Details': { 'full_name-1001-0': 'Ada' } };

describe('preview API', () => {
  it('posts template_id and cv_data and answers the html', async () => {
    handler = (_, response) => json(response, 200, { html: '<p>Ada</p>' });
    await expect(preview(client(), { templateId: 3, cvData })).resolves.toBe('<p>Ada</p>');
    expect(requests).toEqual([
      { method: 'POST', url: '/v1/preview/', body: JSON.stringify({ template_id: 3, cv_data: cvData }) },
    ]);
  });

  it('turns an answer without html into a clear error', async () => {
    handler = (_, response) => json(response, 200, { page: '<p>Ada</p>' });
    const error = await preview(client(), { templateId: 3, cvData }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^Unexpected response from POST \/v1\/preview\//);
  });

  it('keeps the server detail of a failure', async () => {
    handler = (_, response) => json(response, 400, { detail: 'cv_data must be an object of sections' });
    const error = (await preview(client(), { templateId: 3, cvData }).catch(
      (reason: unknown) => reason,
    )) as ApiError;
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('cv_data must be an object of sections');
  });

  it('posts the same body for the PDF and answers a PDF blob; a JSON error stays readable', async () => {
    handler = (_, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.7 fake');
    };
    const pdf = await previewPdf(client(), { templateId: 3, cvData });
    expect(pdf.type).toBe('application/pdf');
    expect(await pdf.text()).toBe('%PDF-1.7 fake');
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/v1/preview-pdf/' });

    handler = (_, response) => json(response, 503, { detail: 'PDF rendering is unavailable' });
    const error = (await previewPdf(client(), { templateId: 3, cvData }).catch(
      (reason: unknown) => reason,
    )) as ApiError;
    expect(error).toMatchObject({ status: 503, serverMessage: 'PDF rendering is unavailable' });
  });

  it('reads the template-only previews', async () => {
    handler = (request, response) => {
      if (request.url === '/v1/template-preview/4/')
        json(response, 200, { template_name: 'Modern Timeline', icon_url: null });
      else {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end('%PDF-sample');
      }
    };
    await expect(templatePreview(client(), 4)).resolves.toEqual({
      template_name: 'Modern Timeline',
      icon_url: null,
    });
    expect(await (await templatePreviewPdf(client(), 4)).text()).toBe('%PDF-sample');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /v1/template-preview/4/',
      'GET /v1/template-preview-pdf/4/',
    ]);
  });

  it('stops when its AbortSignal fires', async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = preview(client(), { templateId: 3, cvData }, { signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ApiError);
  });
});
