import type { FastifyInstance } from 'fastify';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { DATE_MESSAGES } from '../../../rules/cv-date.js';
import { CORPORATE_SIDEBAR_FULL_NAME, cvBody, EXECUTIVE_CLASSIC, insertUser } from './support.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases())('saved CVs (GeneratedCV, CVFieldEntry) on $name', (database) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let aliceId: number;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://cv.test' }, database);
    app = testApp.app;
    aliceId = await insertUser(app.db, 'alice@example.com', 'Alice Example');
    const bobId = await insertUser(app.db, 'bob@example.com', 'Bob Example');
    alice = await client(app);
    await alice.signInAs(aliceId);
    bob = await client(app);
    await bob.signInAs(bobId);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function save(who: TestClient, body: object) {
    const response = await who.post('/v1/GeneratedCV/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const entriesInDb = (cvId: number) =>
    app.db
      .selectFrom('cv_field_entries')
      .selectAll()
      .where('generated_cv_id', '=', cvId)
      .orderBy('id')
      .execute();

  describe('create and read', () => {
    it('POST saves the CV with its entries and answers 201 with id, uuid, url and entries', async () => {
      const response = await alice.post('/v1/GeneratedCV/', cvBody('  Software Engineer 2024 '));
      expect(response.statusCode).toBe(201);
      const cv = response.json();
      expect(cv).toEqual({
        id: expect.any(Number),
        uuid: expect.stringMatching(UUID),
        url: `http://cv.test/v1/GeneratedCV/${cv.id}/`,
        name: 'Software Engineer 2024',
        template: 1,
        entries: cvBody('').entries.map((entry) => ({ ...entry, id: expect.any(Number) })),
        created: expect.any(String),
        last_updated: cv.created,
        // The layout extension: a CV without its own structure prints as its template says.
        layout: null,
        design: null,
      });
      expect(response.headers.location).toBe(cv.url);
      expect(new Date(cv.created).toISOString()).toBe(cv.created);
    });

    it('GET by id and by uuid give the same CV with its entries', async () => {
      const saved = await save(alice, cvBody('Read me'));
      const byId = await alice.get(`/v1/GeneratedCV/${saved.id}/`);
      const byUuid = await alice.get(`/v1/GeneratedCV/${saved.uuid}/`);
      const byUpperUuid = await alice.get(`/v1/GeneratedCV/${saved.uuid.toUpperCase()}/`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(saved);
      expect(byUuid.json()).toEqual(saved);
      expect(byUpperUuid.json()).toEqual(saved);
    });

    it('GET /v1/GeneratedCV/ lists only the caller’s CVs, newest first, without entries', async () => {
      const first = await save(alice, cvBody('First'));
      const second = await save(alice, cvBody('Second'));
      await save(bob, cvBody('Bob’s own'));
      const response = await alice.get('/v1/GeneratedCV/');
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((cv: { name: string }) => cv.name)).not.toContain('Bob’s own');
      const ids = list.map((cv: { id: number }) => cv.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      const { entries: _entries, layout: _layout, design: _design, ...summary } = second;
      // [extension] the paper it prints on, A4 without a design.
      expect(list[0]).toEqual({ ...summary, page_size: 'A4' });
      expect(Object.keys(list[0]).sort()).toEqual([
        'created',
        'id',
        'last_updated',
        'name',
        'page_size',
        'template',
        'url',
        'uuid',
      ]);
    });

    it('GET /v1/CVFieldEntry/?generated_cv= answers { results } for id or uuid', async () => {
      const saved = await save(alice, cvBody('Entries'));
      for (const ref of [saved.id, saved.uuid]) {
        const response = await alice.get(`/v1/CVFieldEntry/?generated_cv=${ref}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          results: saved.entries.map((entry: object) => ({ ...entry, generated_cv: saved.id })),
        });
      }
    });

    it('GET /v1/CVFieldEntry/ without generated_cv is a 400 that says so', async () => {
      const response = await alice.get('/v1/CVFieldEntry/');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'generated_cv is required' });
    });

    it('an id that is neither digits nor a uuid, or no such CV, is 404', async () => {
      for (const ref of ['abc', '0', '99999999999', '12345', '00000000-0000-0000-0000-000000000000', '1.5']) {
        const response = await alice.get(`/v1/GeneratedCV/${ref}/`);
        expect(response.statusCode, ref).toBe(404);
        expect(response.json()).toEqual({ detail: 'CV not found.' });
      }
    });
  });

  describe('values are sanitised by widget type', () => {
    it('rich text goes through the allowlist, plain text is kept as text without control characters', async () => {
      const saved = await save(alice, {
        name: 'Sanitised',
        template: EXECUTIVE_CLASSIC.id,
        entries: [
          { value: ' <b>Ada</b>\u0000 "Lovelace" ', index: 0, section_field: EXECUTIVE_CLASSIC.fullName },
          { value: 'Line one\r\nLine two', index: 0, section_field: EXECUTIVE_CLASSIC.summary },
          {
            value:
              '<p onclick="steal()">Built <strong>engines</strong><script>alert(1)</script></p><a href="javascript:x()">x</a>',
            index: 0,
            section_field: EXECUTIVE_CLASSIC.description,
          },
          { value: true, index: 0, section_field: EXECUTIVE_CLASSIC.currentlyWorking },
        ],
      });
      expect(saved.entries.map((entry: { value: string }) => entry.value)).toEqual([
        '<b>Ada</b> "Lovelace"',
        'Line one\nLine two',
        '<p>Built <strong>engines</strong></p><a>x</a>',
        'true',
      ]);
      const stored = await entriesInDb(saved.id);
      expect(stored.map((entry) => entry.value)).toEqual(
        saved.entries.map((entry: { value: string }) => entry.value),
      );
    });
  });

  describe('dates', () => {
    it('keeps an old full date, a month, a year and present as they were sent, and reads them back', async () => {
      const saved = await save(alice, {
        name: 'Dates',
        template: EXECUTIVE_CLASSIC.id,
        entries: [
          { value: '2019-04-01', index: 0, section_field: 1012 },
          { value: 'present', index: 0, section_field: 1013 },
          { value: '2013-09', index: 1, section_field: 1012 },
          { value: '2019', index: 1, section_field: 1013 },
        ],
      });
      const back = await alice.get(`/v1/GeneratedCV/${saved.id}/`);
      expect(back.json().entries.map((entry: { value: string }) => entry.value)).toEqual([
        '2019-04-01',
        'present',
        '2013-09',
        '2019',
      ]);
    });
  });

  describe('bad bodies', () => {
    const cases: Array<[string, object, number, string | RegExp]> = [
      ['a blank name', cvBody('   '), 400, 'Please enter a name for your CV.'],
      ['an over-long name', cvBody('x'.repeat(201)), 400, 'name: must be at most 200 characters'],
      ['no name', { template: 1, entries: [] }, 400, 'name is required'],
      ['a name that is not text', { ...cvBody(''), name: 42 }, 400, 'name: must be a string'],
      ['an unknown template', cvBody('CV', { template: 999 }), 400, 'Unknown template.'],
      [
        'a template that is not a number',
        { ...cvBody('CV'), template: 'one' },
        400,
        'template: must be an integer',
      ],
      [
        'a field of another template',
        cvBody('CV', { entries: [{ value: 'x', index: 0, section_field: CORPORATE_SIDEBAR_FULL_NAME }] }),
        400,
        `entries[0].section_field: field ${CORPORATE_SIDEBAR_FULL_NAME} is not part of the template "Executive Classic".`,
      ],
      [
        'a field that exists nowhere',
        cvBody('CV', {
          entries: [
            { value: 'x', index: 0, section_field: EXECUTIVE_CLASSIC.fullName },
            { value: 'x', index: 0, section_field: 424242 },
          ],
        }),
        400,
        'entries[1].section_field: field 424242 is not part of the template "Executive Classic".',
      ],
      [
        'a negative index',
        cvBody('CV', { entries: [{ value: 'x', index: -1, section_field: 1001 }] }),
        400,
        'entries[0].index: must be at least 0',
      ],
      [
        'an index past 99',
        cvBody('CV', { entries: [{ value: 'x', index: 100, section_field: 1001 }] }),
        400,
        'entries[0].index: must be at most 99',
      ],
      [
        'a fractional index',
        cvBody('CV', { entries: [{ value: 'x', index: 0.5, section_field: 1001 }] }),
        400,
        'entries[0].index: must be an integer',
      ],
      [
        'a value over 20 000 characters',
        cvBody('CV', { entries: [{ value: 'x'.repeat(20_001), index: 0, section_field: 1001 }] }),
        400,
        'entries[0].value: must be at most 20000 characters',
      ],
      [
        'a phone number that cannot exist',
        cvBody('CV', {
          entries: [
            { value: 'Ada', index: 0, section_field: 1001 },
            { value: '+1 442079460000', index: 0, section_field: 1004 },
          ],
        }),
        400,
        'entries[1].value: This phone number cannot exist in the selected country. Please check it.',
      ],
      [
        'a date that is not one',
        cvBody('CV', { entries: [{ value: 'Summer 2019', index: 0, section_field: 1012 }] }),
        400,
        `entries[0].value: ${DATE_MESSAGES.notADateApi}`,
      ],
      [
        "'present' as a start date",
        cvBody('CV', { entries: [{ value: 'present', index: 0, section_field: 1012 }] }),
        400,
        `entries[0].value: ${DATE_MESSAGES.notADateApi}`,
      ],
      [
        'an end date before its start date',
        cvBody('CV', {
          entries: [
            { value: '2021-05', index: 1, section_field: 1012 },
            { value: '2021-06', index: 0, section_field: 1013 },
            { value: '2021-04', index: 1, section_field: 1013 },
          ],
        }),
        400,
        `entries[2].value: ${DATE_MESSAGES.endBeforeStart}`,
      ],
      [
        'a value that is an object',
        cvBody('CV', { entries: [{ value: { a: 1 }, index: 0, section_field: 1001 }] }),
        400,
        /^entries\[0\]\.value: must be/,
      ],
      [
        'an entry without section_field',
        cvBody('CV', { entries: [{ value: 'x', index: 0 }] }),
        400,
        'entries[0].section_field is required',
      ],
      [
        'two values for one field and index',
        cvBody('CV', {
          entries: [
            { value: 'x', index: 0, section_field: 1001 },
            { value: 'y', index: 0, section_field: 1001 },
          ],
        }),
        400,
        'entries[1]: field 1001 already has a value at index 0.',
      ],
      [
        'more than 2 000 entries',
        cvBody('CV', {
          entries: Array.from({ length: 2_001 }, (_, i) => ({
            value: '',
            index: i % 100,
            section_field: 1001 + Math.floor(i / 100),
          })),
        }),
        400,
        'entries: must have at most 2000 items',
      ],
      ['entries that are not a list', { ...cvBody('CV'), entries: {} }, 400, 'entries: must be an array'],
      ['a body that is not an object', [1, 2], 400, 'Request body must be a JSON object.'],
    ];

    // The reason as a code beside the words, where the builder needs it in any language (rules/cv.ts).
    const codes: Record<string, string> = {
      'an over-long name': 'too_long',
      'a value over 20 000 characters': 'too_long',
      'a phone number that cannot exist': 'not_a_phone',
      'a date that is not one': 'not_a_date',
      "'present' as a start date": 'not_a_date',
      'an end date before its start date': 'not_a_date',
    };

    it.each(cases)('POST with %s → %i', async (label, body, status, detail) => {
      const before = await app.db
        .selectFrom('generated_cvs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await alice.post('/v1/GeneratedCV/', body);
      expect(response.statusCode).toBe(status);
      const code = codes[label];
      if (typeof detail === 'string') expect(response.json()).toEqual({ detail, ...(code ? { code } : {}) });
      else expect(response.json().detail).toMatch(detail);
      const after = await app.db
        .selectFrom('generated_cvs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('PUT answers the same 400s', async () => {
      const saved = await save(alice, cvBody('Kept'));
      const response = await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('CV', { template: 999 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Unknown template.' });
      expect((await alice.get(`/v1/GeneratedCV/${saved.id}/`)).json()).toEqual(saved);
    });

    it('a body over the size limit is 413 with a detail', async () => {
      const huge = cvBody('Huge', {
        entries: Array.from({ length: 60 }, (_, i) => ({
          value: 'x'.repeat(20_000),
          index: i,
          section_field: 1009,
        })),
      });
      const response = await alice.post('/v1/GeneratedCV/', huge);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    });

    it('malformed JSON is a 400', async () => {
      const response = await alice.post('/v1/GeneratedCV/', '{"name": ', {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Request body is not valid JSON.' });
    });
  });

  describe('update', () => {
    it('PUT replaces name, template and every entry; created stays, last_updated moves', async () => {
      const saved = await save(alice, cvBody('Before'));
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct millisecond timestamps
      const response = await alice.put(`/v1/GeneratedCV/${saved.uuid}/`, {
        name: 'After',
        template: 2,
        entries: [
          {
            value: 'Grace Hopper',
            index: 0,
            section_field: CORPORATE_SIDEBAR_FULL_NAME,
            id: saved.entries[0].id,
          },
        ],
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json();
      expect(updated).toMatchObject({
        id: saved.id,
        uuid: saved.uuid,
        name: 'After',
        template: 2,
        created: saved.created,
      });
      expect(updated.last_updated > saved.last_updated).toBe(true);
      expect(updated.entries).toEqual([
        {
          id: expect.any(Number),
          value: 'Grace Hopper',
          index: 0,
          section_field: CORPORATE_SIDEBAR_FULL_NAME,
        },
      ]);
      const stored = await entriesInDb(saved.id);
      expect(stored.map((entry) => [entry.section_field_id, entry.value])).toEqual([
        [CORPORATE_SIDEBAR_FULL_NAME, 'Grace Hopper'],
      ]);
      expect((await alice.get(`/v1/GeneratedCV/${saved.id}/`)).json()).toEqual(updated);
    });

    it('PUT with If-Match saves only over the version it names, and says when the CV changed elsewhere', async () => {
      const saved = await save(alice, cvBody('Versioned'));
      const read = await alice.get(`/v1/GeneratedCV/${saved.id}/`);
      expect(read.headers.etag).toBe(`"${saved.last_updated}"`);
      // Another device saves first, with the version it read.
      const first = await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('From the laptop'), {
        headers: { 'if-match': `"${saved.last_updated}"` },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().last_updated > saved.last_updated).toBe(true);
      expect(first.headers.etag).toBe(`"${first.json().last_updated}"`);
      // This device still holds the old version: refused, nothing written.
      const second = await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('From the phone'), {
        headers: { 'if-match': `"${saved.last_updated}"` },
      });
      expect(second.statusCode).toBe(412);
      expect(second.json()).toEqual({ detail: 'This CV was changed elsewhere.' });
      expect(second.headers.etag).toBe(`"${first.json().last_updated}"`);
      expect((await alice.get(`/v1/GeneratedCV/${saved.id}/`)).json().name).toBe('From the laptop');
      // Overwriting on purpose: no If-Match (as a client that follows only the spec), or '*'.
      expect((await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('Overwritten'))).statusCode).toBe(200);
      const any = await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('Any version'), {
        headers: { 'if-match': '*' },
      });
      expect(any.statusCode).toBe(200);
      // A weak tag and a list are read too.
      const weak = await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('Weak'), {
        headers: { 'if-match': `"stale", W/"${any.json().last_updated}"` },
      });
      expect(weak.statusCode, weak.body).toBe(200);
    });

    it('PUT twice in the same millisecond still gives each save its own version', async () => {
      const saved = await save(alice, cvBody('Fast'));
      const one = (await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('One'))).json();
      const two = (await alice.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('Two'))).json();
      expect(new Set([saved.last_updated, one.last_updated, two.last_updated]).size).toBe(3);
    });

    it('PUT with If-Match of another user’s CV is still 404', async () => {
      const saved = await save(alice, cvBody('Private'));
      const response = await bob.put(`/v1/GeneratedCV/${saved.id}/`, cvBody('Mine now'), {
        headers: { 'if-match': `"${saved.last_updated}"` },
      });
      expect(response.statusCode).toBe(404);
    });

    it('PUT is all or nothing: a failure while writing entries leaves the CV as it was', async () => {
      const saved = await save(alice, cvBody('Atomic'));
      // A field the template still names but the database no longer has: the insert of the new
      // entries fails after the name was updated and the old entries deleted, inside one transaction.
      const missingField = 1035;
      await app.db.deleteFrom('input_fields').where('id', '=', missingField).execute();
      const response = await alice.put(`/v1/GeneratedCV/${saved.id}/`, {
        name: 'Half written',
        template: 1,
        entries: [
          { value: 'New name', index: 0, section_field: EXECUTIVE_CLASSIC.fullName },
          { value: 'Klingon', index: 0, section_field: missingField },
        ],
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error.' });
      expect((await alice.get(`/v1/GeneratedCV/${saved.id}/`)).json()).toEqual(saved);
      expect((await entriesInDb(saved.id)).map((entry) => entry.id)).toEqual(
        saved.entries.map((entry: { id: number }) => entry.id),
      );
    });
  });

  describe('delete archives', () => {
    it('DELETE answers 204, hides the CV everywhere and keeps the row and its entries', async () => {
      const saved = await save(alice, cvBody('To archive'));
      const response = await alice.delete(`/v1/GeneratedCV/${saved.id}/`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const row = await app.db
        .selectFrom('generated_cvs')
        .selectAll()
        .where('id', '=', saved.id)
        .executeTakeFirstOrThrow();
      expect(row.archived_at).toEqual(expect.any(String));
      expect(row.name).toBe('To archive');
      expect(await entriesInDb(saved.id)).toHaveLength(saved.entries.length);

      const list = (await alice.get('/v1/GeneratedCV/')).json();
      expect(list.map((cv: { id: number }) => cv.id)).not.toContain(saved.id);
      for (const ref of [saved.id, saved.uuid]) {
        expect((await alice.get(`/v1/GeneratedCV/${ref}/`)).statusCode).toBe(404);
        expect((await alice.get(`/v1/CVFieldEntry/?generated_cv=${ref}`)).statusCode).toBe(404);
        expect((await alice.put(`/v1/GeneratedCV/${ref}/`, cvBody('Revived'))).statusCode).toBe(404);
        expect((await alice.delete(`/v1/GeneratedCV/${ref}/`)).statusCode).toBe(404);
        expect((await alice.get(`/v1/download/word/${ref}/`)).statusCode).toBe(404);
        expect((await alice.post('/cv/send-email/', { cv_id: ref })).statusCode).toBe(404);
      }
      expect(
        (
          await app.db
            .selectFrom('generated_cvs')
            .select('name')
            .where('id', '=', saved.id)
            .executeTakeFirstOrThrow()
        ).name,
      ).toBe('To archive');
    });
  });

  describe('access', () => {
    function everyRoute(
      ref: string | number,
    ): Array<[string, (who: TestClient) => ReturnType<TestClient['get']>]> {
      return [
        ['GET detail', (who) => who.get(`/v1/GeneratedCV/${ref}/`)],
        ['PUT', (who) => who.put(`/v1/GeneratedCV/${ref}/`, cvBody('Taken over'))],
        ['DELETE', (who) => who.delete(`/v1/GeneratedCV/${ref}/`)],
        ['GET entries', (who) => who.get(`/v1/CVFieldEntry/?generated_cv=${ref}`)],
        ['GET pdf', (who) => who.get(`/v1/download/pdf/${ref}/`)],
        ['GET word', (who) => who.get(`/v1/download/word/${ref}/`)],
        ['POST send-email', (who) => who.post('/cv/send-email/', { cv_id: ref })],
      ];
    }

    it('another user gets 404 on every route for each of the owner’s CVs, by id and by uuid, and changes nothing', async () => {
      const cvs = [await save(alice, cvBody('Alice one')), await save(alice, cvBody('Alice two'))];
      for (const cv of cvs) {
        for (const ref of [cv.id, cv.uuid, String(cv.id)]) {
          for (const [label, call] of everyRoute(ref)) {
            const response = await call(bob);
            expect(response.statusCode, `${label} ${ref}`).toBe(404);
            expect(response.json()).toEqual({ detail: 'CV not found.' });
          }
        }
        expect((await alice.get(`/v1/GeneratedCV/${cv.id}/`)).json()).toEqual(cv);
      }
      const bobsList = (await bob.get('/v1/GeneratedCV/')).json();
      expect(bobsList.map((cv: { id: number }) => cv.id)).not.toEqual(expect.arrayContaining([cvs[0].id]));
    });

    it('without a session every route is 401', async () => {
      const cv = await save(alice, cvBody('Private'));
      const anonymous = await client(app);
      const routes: Array<[string, (who: TestClient) => ReturnType<TestClient['get']>]> = [
        ['GET list', (who) => who.get('/v1/GeneratedCV/')],
        ['POST', (who) => who.post('/v1/GeneratedCV/', cvBody('Nobody'))],
        ['POST with a bad body', (who) => who.post('/v1/GeneratedCV/', { nonsense: true })],
        ...everyRoute(cv.id),
      ];
      for (const [label, call] of routes) {
        const response = await call(anonymous);
        expect(response.statusCode, label).toBe(401);
        expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    });

    it('unsafe routes without the CSRF token are 403 and change nothing', async () => {
      const cv = await save(alice, cvBody('Guarded'));
      const before = (await alice.get('/v1/GeneratedCV/')).json();
      const calls = [
        () => alice.post('/v1/GeneratedCV/', cvBody('Forged'), { csrf: false }),
        () => alice.put(`/v1/GeneratedCV/${cv.id}/`, cvBody('Forged'), { csrf: false }),
        () => alice.delete(`/v1/GeneratedCV/${cv.id}/`, undefined, { csrf: false }),
        () => alice.post('/cv/send-email/', { cv_id: cv.id }, { csrf: false }),
        () =>
          alice.post('/v1/GeneratedCV/', cvBody('Forged'), {
            csrf: false,
            headers: { 'x-csrftoken': 'not-the-cookie-value-at-all-0000000' },
          }),
      ];
      for (const call of calls) {
        const response = await call();
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'CSRF token missing or incorrect.' });
      }
      expect((await alice.get('/v1/GeneratedCV/')).json()).toEqual(before);
      expect(await entriesInDb(cv.id)).toHaveLength(cv.entries.length);
    });
  });
});
