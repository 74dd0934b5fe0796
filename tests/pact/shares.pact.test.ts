import { OTHER_USERS_CV } from '../../server/tests/pact/states/cvs';
import { SHARED_CV, SHARE_LINKS } from '../../server/tests/pact/states/shares';
import { createShare, listShares, revokeShare } from '../../src/api/shares';
import {
  clientFor,
  createPact,
  detail,
  eachLike,
  expectApiError,
  integer,
  isoTimestamp,
  jsonBody,
  regex,
  string,
  unsafeCall,
  withCsrf,
  unsafeJsonHeaders,
} from './support/pact';

// [extension] Share links of a saved CV: the share panel (builder and CV management) lists a CV's links with their
// counts, makes one per recipient and revokes one. Provider states: server/tests/pact/states/shares.ts and cvs.ts.

const WITH_LINKS = 'a signed-in user with a saved CV 1 that has share links';
const SAVED = 'a signed-in user with a saved CV 1';
const FOREIGN_CV = "a signed-in user and another user's CV";
const ANY_VISITOR = 'any visitor';

const CV_NOT_FOUND = { status: 404, headers: jsonBody, body: detail('CV not found.') };
const UNAUTHENTICATED = {
  status: 401,
  headers: jsonBody,
  body: detail('Authentication credentials were not provided.'),
};
const sharesPath = (cv: { id: number }) => `/v1/GeneratedCV/${cv.id}/shares/`;

/** A slug nobody can guess: base64url, at least 22 characters (128 bits). */
const slug = (example: string) => regex(/^[A-Za-z0-9_-]{22,}$/, example);
const shareUrl = (example: string) =>
  regex(/^https?:\/\/.+\/s\/[A-Za-z0-9_-]{22,}$/, `http://127.0.0.1:8000/s/${example}`);
/** The last 30 days, oldest first; the dates move with the day the test runs. */
const daily = (views = 0, downloads = 0) =>
  eachLike({
    date: regex(/^\d{4}-\d{2}-\d{2}$/, '2024-05-04'),
    views: integer(views),
    downloads: integer(downloads),
  });

const [ACME, GLOBEX] = SHARE_LINKS;

describe('[extension] GET /v1/GeneratedCV/{id}/shares/', () => {
  it('lists the links of a CV newest first, each with its counts and its last 30 days', async () => {
    const pact = createPact()
      .given(WITH_LINKS)
      .uponReceiving('[extension] a request for the share links of a saved CV')
      .withRequest({ method: 'GET', path: sharesPath(SHARED_CV) })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: [
          {
            id: integer(GLOBEX.id),
            slug: slug(GLOBEX.slug),
            url: shareUrl(GLOBEX.slug),
            label: string(GLOBEX.label),
            has_password: true,
            expires_at: isoTimestamp(GLOBEX.expires_at),
            version: null,
            created: isoTimestamp(GLOBEX.created),
            last_viewed: null,
            revoked_at: null,
            views: integer(0),
            downloads: integer(0),
            daily: daily(),
          },
          {
            id: integer(ACME.id),
            slug: slug(ACME.slug),
            url: shareUrl(ACME.slug),
            label: string(ACME.label),
            has_password: false,
            expires_at: null,
            version: null,
            created: isoTimestamp(ACME.created),
            last_viewed: isoTimestamp('2024-05-04T10:00:00.000Z'),
            revoked_at: null,
            views: integer(2),
            downloads: integer(1),
            daily: daily(2, 1),
          },
        ],
      });
    await pact.executeTest(async (mockServer) => {
      const shares = await listShares(clientFor(mockServer), SHARED_CV.id);
      expect(shares.map((share) => share.label)).toEqual(['Globex', 'Acme Corp']);
      expect(shares[0]).toMatchObject({
        hasPassword: true,
        lastViewed: null,
        revokedAt: null,
        version: null,
      });
      expect(shares[1]).toMatchObject({ views: 2, downloads: 1, hasPassword: false });
      expect(shares[1]!.daily[0]).toEqual({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        views: 2,
        downloads: 1,
      });
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = createPact()
      .given(FOREIGN_CV)
      .uponReceiving("[extension] a request for the share links of another user's CV")
      .withRequest({ method: 'GET', path: sharesPath(OTHER_USERS_CV) })
      .willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listShares(clientFor(mockServer), OTHER_USERS_CV.id), 404);
    });
  });

  it('answers 401 without a session', async () => {
    const pact = createPact()
      .given(ANY_VISITOR)
      .uponReceiving('[extension] a request for the share links of a CV without a session')
      .withRequest({ method: 'GET', path: sharesPath(SHARED_CV) })
      .willRespondWith(UNAUTHENTICATED);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(listShares(clientFor(mockServer), SHARED_CV.id), 401);
    });
  });
});

describe('[extension] POST /v1/GeneratedCV/{id}/shares/', () => {
  it('makes a link with a label, a password and an expiry: 201 with its unguessable address', async () => {
    const body = { label: 'Initech', password: 'correct horse', expires_at: '2999-06-30T21:59:59.999Z' };
    const pact = unsafeCall(
      SAVED,
      '[extension] a request to make a share link',
      'POST',
      sharesPath(SHARED_CV),
      body,
    ).willRespondWith({
      status: 201,
      headers: jsonBody,
      body: {
        id: integer(1),
        slug: slug('q3J5aW5nLXNvbWV0aGluZy1yYW5kb20'),
        url: shareUrl('q3J5aW5nLXNvbWV0aGluZy1yYW5kb20'),
        label: 'Initech',
        has_password: true,
        expires_at: isoTimestamp('2999-06-30T21:59:59.999Z'),
        version: null,
        created: isoTimestamp('2024-05-04T10:00:00.000Z'),
        last_viewed: null,
        revoked_at: null,
        views: 0,
        downloads: 0,
        daily: daily(),
      },
    });
    await pact.executeTest(async (mockServer) => {
      const share = await createShare(clientFor(mockServer), SHARED_CV.id, body);
      expect(share).toMatchObject({ label: 'Initech', hasPassword: true, views: 0, revokedAt: null });
      expect(share.url.endsWith(`/s/${share.slug}`)).toBe(true);
    });
  });

  it('refuses a blank label with 400 naming the field', async () => {
    const pact = unsafeCall(
      SAVED,
      '[extension] a request to make a share link without a label',
      'POST',
      sharesPath(SHARED_CV),
      { label: '   ' },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: {
        detail: regex('^label: .+', 'label: give the link a label, such as the company you send it to.'),
      },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(createShare(clientFor(mockServer), SHARED_CV.id, { label: '   ' }), 400);
    });
  });

  it('refuses a label that is too long with 400 naming the field', async () => {
    const label = 'x'.repeat(81);
    const pact = unsafeCall(
      SAVED,
      '[extension] a request to make a share link with a label that is too long',
      'POST',
      sharesPath(SHARED_CV),
      { label },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: regex('^label: .+', 'label: must be at most 80 characters.') },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(createShare(clientFor(mockServer), SHARED_CV.id, { label }), 400);
    });
  });

  it('refuses a version the CV does not have with 400 naming the field', async () => {
    const pact = unsafeCall(
      SAVED,
      '[extension] a request to make a share link pinned to a version the CV does not have',
      'POST',
      sharesPath(SHARED_CV),
      { label: 'Acme Corp', version: 99 },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: { detail: regex('^version: .+', 'version: this CV has no version 99.') },
    });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(
        createShare(clientFor(mockServer), SHARED_CV.id, { label: 'Acme Corp', version: 99 }),
        400,
      );
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = unsafeCall(
      FOREIGN_CV,
      "[extension] a request to make a share link of another user's CV",
      'POST',
      sharesPath(OTHER_USERS_CV),
      { label: 'Mine' },
    ).willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(createShare(clientFor(mockServer), OTHER_USERS_CV.id, { label: 'Mine' }), 404);
    });
  });

  it('answers 401 without a session', async () => {
    const pact = withCsrf(createPact())
      .given(ANY_VISITOR)
      .uponReceiving('[extension] a request to make a share link without a session')
      .withRequest({
        method: 'POST',
        path: sharesPath(SHARED_CV),
        headers: unsafeJsonHeaders,
        body: { label: 'Acme Corp' },
      })
      .willRespondWith(UNAUTHENTICATED);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(createShare(clientFor(mockServer), SHARED_CV.id, { label: 'Acme Corp' }), 401);
    });
  });
});

describe('[extension] DELETE /v1/GeneratedCV/{id}/shares/{shareId}/', () => {
  it('revokes a link: 204', async () => {
    const pact = unsafeCall(
      WITH_LINKS,
      '[extension] a request to revoke a share link',
      'DELETE',
      `${sharesPath(SHARED_CV)}${ACME.id}/`,
    ).willRespondWith({ status: 204 });
    await pact.executeTest(async (mockServer) => {
      await expect(revokeShare(clientFor(mockServer), SHARED_CV.id, ACME.id)).resolves.toBeUndefined();
    });
  });

  it('answers 404 for a link the CV does not have', async () => {
    const pact = unsafeCall(
      WITH_LINKS,
      '[extension] a request to revoke a share link the CV does not have',
      'DELETE',
      `${sharesPath(SHARED_CV)}999/`,
    ).willRespondWith({ status: 404, headers: jsonBody, body: detail('Share link not found.') });
    await pact.executeTest(async (mockServer) => {
      await expectApiError(revokeShare(clientFor(mockServer), SHARED_CV.id, 999), 404);
    });
  });

  it("answers 404 for another person's CV", async () => {
    const pact = unsafeCall(
      FOREIGN_CV,
      "[extension] a request to revoke a share link of another user's CV",
      'DELETE',
      `${sharesPath(OTHER_USERS_CV)}${ACME.id}/`,
    ).willRespondWith(CV_NOT_FOUND);
    await pact.executeTest(async (mockServer) => {
      await expectApiError(revokeShare(clientFor(mockServer), OTHER_USERS_CV.id, ACME.id), 404);
    });
  });
});
