import { fetchCsrf } from '../../src/api/auth';
import { clientFor, createPact, withCsrf } from './support/pact';

describe('GET /auth/csrf/', () => {
  it('sets the csrftoken cookie', async () => {
    const pact = withCsrf(createPact());
    await pact.executeTest(async (mockServer) => {
      await expect(fetchCsrf(clientFor(mockServer))).resolves.toBeUndefined();
    });
  });
});
