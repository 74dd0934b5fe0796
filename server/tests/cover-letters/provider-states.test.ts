import type { FastifyInstance } from 'fastify';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { loadStates, resetData } from '../pact/provider-state.js';
import { COVER_LETTER, OTHER_USERS_LETTER } from '../pact/states/cover-letters.js';
import { cvEtag } from '../../../rules/cv.js';

// The web half's consumer tests name these ids and sentences; this proves each state serves what it promises.
describe.each(testDatabases())('Pact provider states for cover letters on $name', (database) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let browser: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
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

  it("'a signed-in user with a saved CV and a cover letter': the letter as the contract has it", async () => {
    await enter('a signed-in user with a saved CV and a cover letter');
    const read = await browser.get(`/v1/CoverLetter/${COVER_LETTER.id}/`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(COVER_LETTER);
    expect(read.headers.etag).toBe(cvEtag(COVER_LETTER.last_updated));
    expect((await browser.get('/v1/CoverLetter/')).json()).toEqual([COVER_LETTER]);
    expect((await browser.get('/v1/CoverLetter/?cv=7')).json()).toEqual([COVER_LETTER]);
    const saved = await browser.put(`/v1/CoverLetter/${COVER_LETTER.id}/`, { ...COVER_LETTER, subject: 'Changed' }, {
      headers: { 'if-match': cvEtag(COVER_LETTER.last_updated) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A letter made in this state does not collide with the seeded one.
    const made = await browser.post('/v1/CoverLetter/', { name: 'Another', cv: 7 });
    expect(made.statusCode, made.body).toBe(201);
  });

  it("\"a signed-in user and another user's cover letter\": 404 for the signed-in user", async () => {
    await enter("a signed-in user and another user's cover letter");
    expect((await browser.get(`/v1/CoverLetter/${OTHER_USERS_LETTER.id}/`)).statusCode).toBe(404);
    expect((await browser.delete(`/v1/CoverLetter/${OTHER_USERS_LETTER.id}/`)).statusCode).toBe(404);
    expect((await browser.get('/v1/CoverLetter/')).json()).toEqual([]);
  });
});
