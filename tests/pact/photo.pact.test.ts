import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OTHER_USERS_CV, SAVED_CV } from '../../server/tests/pact/states/cvs';
import { deleteCvPhoto, fetchCvPhoto, uploadCvPhoto } from '../../src/api/photo';
import {
  clientFor,
  createPact,
  csrfHeaders,
  expectApiError,
  FIXTURES,
  integer,
  jsonBody,
  string,
  withCsrf,
} from './support/pact';

// [extension] A saved CV's photo (server/src/photos/): PUT the image as the body, GET the processed JPEG, DELETE.
// A backend without photos answers 404 and the builder keeps the CV without one.

const ONE_CV = 'a signed-in user with a saved CV';
const WITH_PHOTO = 'a signed-in user with a saved CV with a photo';
const FOREIGN_CV = "a signed-in user and another user's CV";
const PHOTO = path.join(FIXTURES, 'photo.jpg');
const photoPath = (id: number) => `/v1/GeneratedCV/${id}/photo/`;
const jpeg = () => ({ type: 'image/jpeg', bytes: new Uint8Array(readFileSync(PHOTO)) });

describe('[extension] PUT /v1/GeneratedCV/{id}/photo/', () => {
  it('takes a JPEG and answers what it made of it', async () => {
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('[extension] a photo for a saved CV')
      .withRequestBinaryFile(
        { method: 'PUT', path: photoPath(SAVED_CV.id), headers: csrfHeaders },
        'image/jpeg',
        PHOTO,
      )
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          content_type: string('image/jpeg'),
          width: integer(64),
          height: integer(64),
          size: integer(700),
          digest: string('dGhlIGRpZ2VzdCBvZiB0aGUgcGhvdG8'),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const info = await uploadCvPhoto(clientFor(mockServer), SAVED_CV.id, jpeg());
      expect(info).toMatchObject({ content_type: 'image/jpeg', width: 64, height: 64 });
    });
  });

  it('refuses what is not a JPEG, PNG or WebP with 415 and a sentence', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const pact = withCsrf(createPact())
      .given(ONE_CV)
      .uponReceiving('[extension] an SVG as the photo of a saved CV')
      .withRequest({
        method: 'PUT',
        path: photoPath(SAVED_CV.id),
        headers: { ...csrfHeaders, 'Content-Type': 'image/svg+xml' },
        body: svg,
      })
      .willRespondWith({
        status: 415,
        headers: jsonBody,
        body: { detail: string('This file is not a photo we can use: upload a JPEG, PNG or WebP image.') },
      });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        uploadCvPhoto(clientFor(mockServer), SAVED_CV.id, {
          type: 'image/svg+xml',
          bytes: new TextEncoder().encode(svg),
        }),
      );
      expect(error.status).toBe(415);
      expect(error.message).toMatch(/JPEG, PNG or WebP/);
    });
  });

  it("answers 404 for another user's CV", async () => {
    const pact = withCsrf(createPact())
      .given(FOREIGN_CV)
      .uponReceiving("[extension] a photo for another user's CV")
      .withRequestBinaryFile(
        { method: 'PUT', path: photoPath(OTHER_USERS_CV.id), headers: csrfHeaders },
        'image/jpeg',
        PHOTO,
      )
      .willRespondWith({ status: 404, headers: jsonBody, body: { detail: string('CV not found.') } });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(uploadCvPhoto(clientFor(mockServer), OTHER_USERS_CV.id, jpeg()));
      expect(error.status).toBe(404);
    });
  });
});

describe('[extension] GET and DELETE /v1/GeneratedCV/{id}/photo/', () => {
  it('answers the processed photo as a JPEG', async () => {
    const pact = createPact()
      .given(WITH_PHOTO)
      .uponReceiving('[extension] a request for the photo of a saved CV')
      .withRequest({ method: 'GET', path: photoPath(SAVED_CV.id) })
      .withResponseBinaryFile({ status: 200 }, 'image/jpeg', PHOTO);
    await pact.executeTest(async (mockServer) => {
      const photo = await fetchCvPhoto(clientFor(mockServer), SAVED_CV.id);
      expect(photo).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    });
  });

  it('a CV without a photo: 404, which the client takes as none', async () => {
    const pact = createPact()
      .given(ONE_CV)
      .uponReceiving('[extension] a request for the photo of a saved CV without one')
      .withRequest({ method: 'GET', path: photoPath(SAVED_CV.id) })
      .willRespondWith({ status: 404, headers: jsonBody, body: { detail: string('This CV has no photo.') } });
    await pact.executeTest(async (mockServer) => {
      expect(await fetchCvPhoto(clientFor(mockServer), SAVED_CV.id)).toBeUndefined();
    });
  });

  it('removes the photo', async () => {
    const pact = withCsrf(createPact())
      .given(WITH_PHOTO)
      .uponReceiving('[extension] a request to remove the photo of a saved CV')
      .withRequest({ method: 'DELETE', path: photoPath(SAVED_CV.id), headers: csrfHeaders })
      .willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await deleteCvPhoto(clientFor(mockServer), SAVED_CV.id);
    });
  });
});

