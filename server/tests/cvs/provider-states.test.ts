import type { FastifyInstance } from 'fastify';
import { client, createTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { CV_OWNER, cvPath, OTHER_USERS_CV, SAVED_CV, SECOND_CV, states } from '../pact/states/cvs.js';

// The consumer tests name these ids and sentences; this proves each state serves what it promises.
describe('Pact provider states for saved CVs', () => {
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
    for (const table of ['sessions', 'cv_field_entries', 'generated_cvs', 'users'] as const) {
      await app.db.deleteFrom(table).execute();
    }
    browser = await client(app);
    const handler = states[sentence];
    expect(handler, sentence).toBeDefined();
    await handler!({ app, db: app.db, params: {}, signIn: (userId) => browser.signInAs(userId) });
  }

  const asServed = (cv: typeof SAVED_CV | typeof SECOND_CV) => ({
    id: cv.id,
    uuid: cv.uuid,
    url: `http://127.0.0.1:8000${cvPath(cv)}`,
    name: cv.name,
    template: cv.template,
    created: cv.created,
    last_updated: cv.last_updated,
  });

  it("'a signed-in user with no saved CVs': an empty list, and a save is possible", async () => {
    await enter('a signed-in user with no saved CVs');
    expect((await browser.get('/v1/GeneratedCV/')).json()).toEqual([]);
    const saved = await browser.post('/v1/GeneratedCV/', {
      name: 'New',
      template: 1,
      entries: [{ value: 'Ada', index: 0, section_field: 1001 }],
    });
    expect(saved.statusCode).toBe(201);
  });

  it("'a signed-in user with a saved CV': SAVED_CV by id and uuid, its entries, its files", async () => {
    await enter('a signed-in user with a saved CV');
    // The list names each CV's paper (CV management's 'Download PDF (A4)').
    const listed = (cv: typeof SAVED_CV | typeof SECOND_CV) => ({ ...asServed(cv), page_size: 'A4' });
    expect((await browser.get('/v1/GeneratedCV/')).json()).toEqual([listed(SAVED_CV)]);
    const detail = { ...asServed(SAVED_CV), entries: SAVED_CV.entries, layout: null, design: null };
    expect((await browser.get(`/v1/GeneratedCV/${SAVED_CV.id}/`)).json()).toEqual(detail);
    expect((await browser.get(`/v1/GeneratedCV/${SAVED_CV.uuid}/`)).json()).toEqual(detail);
    expect((await browser.get(`/v1/CVFieldEntry/?generated_cv=${SAVED_CV.id}`)).json()).toEqual({
      results: SAVED_CV.entries.map((entry) => ({ ...entry, generated_cv: SAVED_CV.id })),
    });
    expect((await browser.get(`/v1/download/word/${SAVED_CV.uuid}/`)).statusCode).toBe(200);
    const put = await browser.put(`/v1/GeneratedCV/${SAVED_CV.id}/`, {
      name: 'Renamed',
      template: SAVED_CV.template,
      entries: SAVED_CV.entries.map(({ value, index, section_field }) => ({ value, index, section_field })),
    });
    expect(put.statusCode).toBe(200);
    expect((await browser.delete(`/v1/GeneratedCV/${SAVED_CV.id}/`)).statusCode).toBe(204);
  });

  it("'a signed-in user with saved CVs on two templates': both, newest first", async () => {
    await enter('a signed-in user with saved CVs on two templates');
    expect((await browser.get('/v1/GeneratedCV/')).json()).toEqual([
      { ...asServed(SECOND_CV), page_size: 'A4' },
      { ...asServed(SAVED_CV), page_size: 'A4' },
    ]);
    expect((await browser.get(`/v1/GeneratedCV/${SECOND_CV.uuid}/`)).json().entries).toEqual(
      SECOND_CV.entries,
    );
  });

  it('"a signed-in user and another user\'s CV": OTHER_USERS_CV is 404 and the list is empty', async () => {
    await enter("a signed-in user and another user's CV");
    expect((await browser.get('/v1/GeneratedCV/')).json()).toEqual([]);
    for (const ref of [OTHER_USERS_CV.id, OTHER_USERS_CV.uuid]) {
      expect((await browser.get(`/v1/GeneratedCV/${ref}/`)).statusCode).toBe(404);
      expect((await browser.delete(`/v1/GeneratedCV/${ref}/`)).statusCode).toBe(404);
      expect((await browser.post('/cv/send-email/', { cv_id: ref })).statusCode).toBe(404);
    }
    const profile = await browser.get('/auth/profile/');
    expect(profile.json()).toMatchObject({ email: CV_OWNER.email, full_name: CV_OWNER.full_name });
  });
});
