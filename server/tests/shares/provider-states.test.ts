import type { FastifyInstance } from 'fastify';
import { client, createTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { loadStates, resetData } from '../pact/provider-state.js';
import { SHARED_CV, SHARE_LINKS } from '../pact/states/shares.js';

// The consumer tests name these ids and sentences; this proves each state serves what it promises.
describe('Pact provider states for share links', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let browser: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://127.0.0.1:8000' });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function enter(sentence: string) {
    await resetData(app.db, app.dialect);
    browser = await client(app);
    const handler = (await loadStates())[sentence];
    expect(handler, sentence).toBeDefined();
    await handler!({ app, db: app.db, params: {}, signIn: (userId) => browser.signInAs(userId) });
  }

  it("'a signed-in user with a saved CV 1': no links yet, and one can be made", async () => {
    await enter('a signed-in user with a saved CV 1');
    expect((await browser.get(`/v1/GeneratedCV/${SHARED_CV.id}/`)).statusCode).toBe(200);
    expect((await browser.get('/v1/GeneratedCV/1/shares/')).json()).toEqual([]);
    const made = await browser.post('/v1/GeneratedCV/1/shares/', { label: 'Acme Corp' });
    expect(made.statusCode, made.body).toBe(201);
  });

  it("'a signed-in user with a saved CV 1 that has share links': Globex then Acme, Acme counted", async () => {
    await enter('a signed-in user with a saved CV 1 that has share links');
    const links = (await browser.get('/v1/GeneratedCV/1/shares/')).json() as Array<Record<string, unknown>>;
    expect(links.map((link) => link.label)).toEqual(['Globex', 'Acme Corp']);
    const [globex, acme] = links;
    expect(acme).toMatchObject({
      id: SHARE_LINKS[0].id,
      slug: SHARE_LINKS[0].slug,
      url: `http://127.0.0.1:8000/s/${SHARE_LINKS[0].slug}`,
      has_password: false,
      views: 2,
      downloads: 1,
      revoked_at: null,
    });
    expect(globex).toMatchObject({ id: SHARE_LINKS[1].id, has_password: true, views: 0, last_viewed: null });
    expect((await browser.delete(`/v1/GeneratedCV/1/shares/${SHARE_LINKS[0].id}/`)).statusCode).toBe(204);
    // A link made in this state does not collide with the seeded ones.
    expect((await browser.post('/v1/GeneratedCV/1/shares/', { label: 'Initech' })).statusCode).toBe(201);
  });
});
