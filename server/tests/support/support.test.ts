import { createTestApp, type TestApp } from '../helpers/app.js';

// GET /v1/support/ (extension): the /contact page's support address.
describe('GET /v1/support/', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });

  it('answers the operator address to anyone, no session needed', async () => {
    const testApp = await createTestApp({ supportEmail: 'help@example.com' }, undefined, { seed: false });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/support/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'help@example.com' });
  });

  it('answers null when SUPPORT_EMAIL is not set', async () => {
    const testApp = await createTestApp({}, undefined, { seed: false });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/support/' });
    expect(response.json()).toEqual({ email: null });
  });
});
