import path from 'node:path';
import yauzl from 'yauzl';
import { ACCOUNT_EXPORT_PATH, downloadAccountData } from '../../src/api/account-export';
import { FIXTURES, clientFor, createPact, detail, expectApiError, jsonBody, regex } from './support/pact';

// [extension] Your data in one download: GET /v1/account/export/ answers a zip of the person's account and every
// CV (docs/features/data-download.md). Provider states: 'a signed-in user with saved CVs on two templates' is the
// CVs' (server/tests/pact/states/cvs.ts), 'any visitor' the foundation's.

const ZIP_TYPE = 'application/zip';

/** The files of a zip the client handed back, by name. */
async function zipEntries(blob: Blob): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(await blob.arrayBuffer()), { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return names;
}

describe('[extension] GET /v1/account/export/', () => {
  it('answers every piece of the person’s data as a zip named for the day', async () => {
    const pact = createPact()
      .given('a signed-in user with saved CVs on two templates')
      .uponReceiving('[extension] a request to download all my data')
      .withRequest({ method: 'GET', path: ACCOUNT_EXPORT_PATH })
      .withResponseBinaryFile(
        {
          status: 200,
          headers: {
            'Content-Disposition': regex(
              '^attachment; filename="cv-builder-data-\\d{4}-\\d{2}-\\d{2}\\.zip"$',
              'attachment; filename="cv-builder-data-2026-11-26.zip"',
            ),
          },
        },
        ZIP_TYPE,
        path.join(FIXTURES, 'example-data.zip'),
      );
    await pact.executeTest(async (mockServer) => {
      const progress: number[] = [];
      const download = await downloadAccountData(clientFor(mockServer), {
        onProgress: (bytes) => progress.push(bytes),
      });
      expect(download.fileName).toBe('cv-builder-data-2026-11-26.zip');
      expect(download.blob.type).toBe(ZIP_TYPE);
      expect(await zipEntries(download.blob)).toContain('account.json');
      expect(progress.at(-1)).toBe(download.blob.size);
    });
  });

  it('answers 401 to a visitor', async () => {
    const pact = createPact()
      .given('any visitor')
      .uponReceiving('[extension] a request to download all my data without a session')
      .withRequest({ method: 'GET', path: ACCOUNT_EXPORT_PATH })
      .willRespondWith({
        status: 401,
        headers: jsonBody,
        body: detail('Authentication credentials were not provided.'),
      });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(downloadAccountData(clientFor(mockServer)), 401);
    });
  });
});
