import { getSupportContact } from '../../src/api/support';
import { SUPPORT_EMAIL } from '../../server/tests/pact/states/support';
import { clientFor, createPact, jsonBody, string } from './support/pact';

// [extension] GET /v1/support/: the /contact page's support address. A backend
// without it answers 404 and /contact says to contact the site's administrator.

describe('[extension] GET /v1/support/', () => {
  it('answers the operator support address', async () => {
    const pact = createPact()
      .given('the operator has set a support address')
      .uponReceiving('[extension] a request for the support address')
      .withRequest({ method: 'GET', path: '/v1/support/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: { email: string(SUPPORT_EMAIL) } });
    await pact.executeTest(async (mockServer) => {
      await expect(getSupportContact(clientFor(mockServer))).resolves.toEqual({ email: SUPPORT_EMAIL });
    });
  });

  it('answers null when there is none', async () => {
    const pact = createPact()
      .given('the operator has set no support address')
      .uponReceiving('[extension] a request for the support address when none is set')
      .withRequest({ method: 'GET', path: '/v1/support/' })
      .willRespondWith({ status: 200, headers: jsonBody, body: { email: null } });
    await pact.executeTest(async (mockServer) => {
      await expect(getSupportContact(clientFor(mockServer))).resolves.toEqual({ email: null });
    });
  });
});
