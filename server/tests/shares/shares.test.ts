import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { setClock } from '../../src/auth/clock.js';
import { rm } from 'node:fs/promises';
import { client, createTestApp, dropTestDatabase, testDatabases, type TestClient } from '../helpers/app.js';
import { aliceSignedIn, cvBody, insertUser } from '../cvs/support.js';
import { insertCv } from '../../src/cvs/repository.js';
import { loggablePath } from '../../src/http/request-log.js';
import { FLUSH_MS } from '../../src/shares/count-buffer.js';
import { LINK_TTL_MS } from '../../src/shares/link-cache.js';

interface ShareJson {
  id: number;
  slug: string;
  url: string;
  label: string;
  has_password: boolean;
  expires_at: string | null;
  version: number | null;
  created: string;
  last_viewed: string | null;
  revoked_at: string | null;
  views: number;
  downloads: number;
  daily: Array<{ date: string; views: number; downloads: number }>;
}

const DAY = 24 * 60 * 60 * 1000;
const PHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';

describe.each(testDatabases())('share links on $name', (database) => {
  const world = aliceSignedIn(database);
  let alice: TestClient;
  let visitor: TestClient;
  beforeAll(async () => {
    alice = world.alice;
  });
  beforeEach(async () => {
    visitor = await client(world.app);
  });
  afterEach(() => {
    setClock(undefined);
  });

  async function createCv(name = 'Shared CV'): Promise<number> {
    const response = await alice.post('/v1/GeneratedCV/', cvBody(name));
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  }
  async function share(cvId: number, body: object = { label: 'Acme Corp' }): Promise<ShareJson> {
    const response = await alice.post(`/v1/GeneratedCV/${cvId}/shares/`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function list(cvId: number): Promise<ShareJson[]> {
    const response = await alice.get(`/v1/GeneratedCV/${cvId}/shares/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const path = (link: ShareJson) => `/s/${link.slug}`;
  const view = (link: ShareJson, as: TestClient = visitor, agent = PHONE_SAFARI) =>
    as.get(path(link), { headers: { 'user-agent': agent } });

  describe('the owner API', () => {
    it('makes a link with a slug nobody can guess, and lists it with zero counts for 30 days', async () => {
      const cvId = await createCv();
      const link = await share(cvId, { label: '  Acme   Corp ' });
      expect(link.label).toBe('Acme Corp');
      expect(link.slug).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(link.url).toBe(`${world.app.config.publicUrl}/s/${link.slug}`);
      expect(link).toMatchObject({
        has_password: false,
        expires_at: null,
        version: null,
        last_viewed: null,
        revoked_at: null,
        views: 0,
        downloads: 0,
      });
      expect(link.daily).toHaveLength(30);
      expect(link.daily.at(-1)).toEqual({
        date: new Date().toISOString().slice(0, 10),
        views: 0,
        downloads: 0,
      });
      expect(link.daily[0]!.date < link.daily[1]!.date).toBe(true);
      const second = await share(cvId, {
        label: 'Globex',
        password: 'correct horse',
        expires_at: '2999-01-31',
      });
      expect(second).toMatchObject({ has_password: true, expires_at: '2999-01-31T23:59:59.999Z' });
      expect(JSON.stringify(second)).not.toContain('correct horse');
      const links = await list(cvId);
      expect(links.map((l) => l.label)).toEqual(['Globex', 'Acme Corp']);
    });

    it.each([
      [{}, 'label is required'],
      [{ label: '   ' }, 'label: give the link a label'],
      [{ label: 'x'.repeat(81) }, 'label: must be at most 80 characters.'],
      [{ label: 7 }, 'label: must be a string'],
      [{ label: 'A', password: 'short' }, 'password: must be at least 8 characters.'],
      [{ label: 'A', password: 'p'.repeat(129) }, 'password: must be at most 128 characters.'],
      [{ label: 'A', expires_at: 'tomorrow' }, 'expires_at: must be a date'],
      [{ label: 'A', expires_at: '2030-02-30' }, 'expires_at: must be a date'],
      [{ label: 'A', expires_at: '2001-01-01' }, 'expires_at: must be in the future.'],
      [{ label: 'A', version: 99 }, 'version: this CV has no version 99.'],
      [{ label: 'A', version: 'one' }, 'version: must be an integer or null'],
    ])('refuses %j with 400 and a sentence', async (body, detail) => {
      const cvId = await createCv();
      const response = await alice.post(`/v1/GeneratedCV/${cvId}/shares/`, body);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { detail: string }).detail).toContain(detail);
    });

    it.each([
      [{ label: '   ' }, 'label'],
      [{ label: 'A', password: 'short' }, 'password'],
      [{ label: 'A', expires_at: '2001-01-01' }, 'expires_at'],
      [{ label: 'A', version: 99 }, 'version'],
    ])('names the refused field of %j, in the request language too', async (body, field) => {
      const cvId = await createCv();
      const response = await alice.post(`/v1/GeneratedCV/${cvId}/shares/`, body, {
        headers: { 'accept-language': 'fr' },
      });
      expect(response.statusCode).toBe(400);
      const answer = response.json() as { detail: string; field?: string };
      expect(answer.field).toBe(field);
      // Said in French, the field's name first as in every language.
      expect(answer.detail.startsWith(`${field}\u00a0: `)).toBe(true);
    });

    it('pins a version of the CV', async () => {
      const cvId = await createCv();
      const link = await share(cvId, { label: 'Pinned', version: 1 });
      expect(link.version).toBe(1);
    });

    it('allows 50 links that work per CV', async () => {
      const cvId = await createCv();
      for (let i = 0; i < 50; i += 1) await share(cvId, { label: `Link ${i}` });
      const response = await alice.post(`/v1/GeneratedCV/${cvId}/shares/`, { label: 'One more' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'This CV already has 50 links that work: revoke one before making another.',
      });
      const first = (await list(cvId)).at(-1)!;
      expect((await alice.delete(`/v1/GeneratedCV/${cvId}/shares/${first.id}/`)).statusCode).toBe(204);
      await share(cvId, { label: 'One more' });
    });

    it('needs a session (401) and the CSRF token (403), and hides other people’s CVs and links (404)', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      expect((await visitor.get(`/v1/GeneratedCV/${cvId}/shares/`)).statusCode).toBe(401);
      expect((await visitor.post(`/v1/GeneratedCV/${cvId}/shares/`, { label: 'X' })).statusCode).toBe(401);
      expect((await visitor.delete(`/v1/GeneratedCV/${cvId}/shares/${link.id}/`)).statusCode).toBe(401);
      const csrf = await alice.post(`/v1/GeneratedCV/${cvId}/shares/`, { label: 'X' }, { csrf: false });
      expect(csrf.statusCode).toBe(403);
      const noCsrf = await alice.delete(`/v1/GeneratedCV/${cvId}/shares/${link.id}/`, undefined, {
        csrf: false,
      });
      expect(noCsrf.statusCode).toBe(403);

      const bob = await client(world.app);
      await bob.signInAs(await insertUser(world.app.db, `bob-${link.id}@example.com`, 'Bob'));
      expect((await bob.get(`/v1/GeneratedCV/${cvId}/shares/`)).statusCode).toBe(404);
      expect((await bob.post(`/v1/GeneratedCV/${cvId}/shares/`, { label: 'Mine' })).statusCode).toBe(404);
      expect((await bob.delete(`/v1/GeneratedCV/${cvId}/shares/${link.id}/`)).statusCode).toBe(404);
      const bobsCv = await bob.post('/v1/GeneratedCV/', cvBody('Bob CV'));
      const bobsCvId = (bobsCv.json() as { id: number }).id;
      // Alice's link through Bob's CV: not his.
      expect((await bob.delete(`/v1/GeneratedCV/${bobsCvId}/shares/${link.id}/`)).statusCode).toBe(404);
      expect((await alice.delete(`/v1/GeneratedCV/${cvId}/shares/999999/`)).statusCode).toBe(404);
      expect((await alice.get('/v1/GeneratedCV/not-a-cv/shares/')).statusCode).toBe(404);
      expect((await view(link)).statusCode).toBe(200);
    });

    it('revokes: the link then answers 410, a second DELETE is 204 too, the list shows revoked_at', async () => {
      const cvId = await createCv();
      const acme = await share(cvId, { label: 'Acme Corp' });
      const globex = await share(cvId, { label: 'Globex' });
      expect((await view(acme)).statusCode).toBe(200);
      expect((await alice.delete(`/v1/GeneratedCV/${cvId}/shares/${acme.id}/`)).statusCode).toBe(204);
      expect((await alice.delete(`/v1/GeneratedCV/${cvId}/shares/${acme.id}/`)).statusCode).toBe(204);
      const gone = await view(acme);
      expect(gone.statusCode).toBe(410);
      expect(gone.body).toContain('This link is no longer available.');
      expect(gone.body).not.toContain('Ada Lovelace');
      expect((await visitor.get(`${path(acme)}/pdf`)).statusCode).toBe(410);
      expect((await view(globex)).statusCode).toBe(200);
      const links = await list(cvId);
      expect(links.find((l) => l.id === acme.id)!.revoked_at).not.toBeNull();
      expect(links.find((l) => l.id === globex.id)!.revoked_at).toBeNull();
    });
  });

  describe('the public page', () => {
    it('shows the CV in its template, titled with the name, with a Download PDF link, OG meta, noindex and the CSP', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      const response = await view(link);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Ada Lovelace</title>');
      expect(response.body).toContain('Babbage &amp; Co');
      expect(response.body).toContain(`<a href="/s/${link.slug}/pdf" download>Download PDF</a>`);
      expect(response.body).toContain('<meta property="og:title" content="Ada Lovelace">');
      expect(response.body).toContain(`<meta property="og:image" content="${link.url}/og.png">`);
      expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(response.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(response.body).not.toMatch(/<script/i);
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-store');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      // Every style element of the page, and nothing else inline, by its hash.
      const styles = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)];
      expect(styles.length).toBeGreaterThan(1);
      expect(csp.match(/'sha256-/g)).toHaveLength(styles.length);
      expect(response.body).not.toMatch(/\sstyle="/);
    });

    it('reflows the CV at a phone’s width and text size on a narrow screen, and prints as before', async () => {
      const link = await share(await createCv());
      const response = await view(link);
      const shareStyle = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].at(-1)![1]!;
      // A screen narrower than the A4 sheet (794 px) and its margins: no paper width, small margins, no scaling.
      const narrow = /@media screen and \(max-width:(\d+)px\)\{(.*)\}$/.exec(shareStyle);
      expect(narrow, shareStyle).not.toBeNull();
      expect(Number(narrow![1])).toBe(810);
      expect(narrow![2]).toContain(
        'body{width:auto;max-width:100%;min-height:0;margin:0;padding:16px;box-shadow:none}',
      );
      // Side-by-side columns stack, and the Download bar sits above the name.
      expect(narrow![2]).toContain('.sheet{display:flex;flex-direction:column}');
      expect(narrow![2]).toContain('.columns{display:flex;flex-direction:column;gap:12pt}');
      expect(narrow![2]).toContain('html{padding:60px 0 0;background:#fff}');
      expect(shareStyle).not.toContain('zoom');
      // Print: only the Download bar hidden and the screen's top room taken away, as before.
      expect(shareStyle.match(/@media print\{[^}]*\}[^}]*\}\}/g)).toEqual([
        '@media print{.share-bar{display:none}html{padding:0}}',
      ]);
      expect(shareStyle).not.toMatch(/@media (?!screen|print)/);
      // A laptop keeps the sheet of paper.
      expect(shareStyle).toContain(
        '@media screen{html{padding:72px 0 24px}body{width:var(--page-width);max-width:none}}',
      );
    });

    it('answers the page compressed as it was made, to a browser that takes Brotli or gzip', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      const plain = await visitor.get(path(link));
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ] as const) {
        const answer = await visitor.get(path(link), { headers: { 'accept-encoding': accept } });
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(answer.headers.vary).toContain('accept-encoding');
        const decoded =
          encoding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
        expect(decoded.toString()).toBe(plain.body);
      }
      expect(plain.headers['content-encoding']).toBeUndefined();
    });

    it('answers 404 for a wrong slug and 410 for an expired link, showing nothing of any CV', async () => {
      const cvId = await createCv();
      const link = await share(cvId, { label: 'Soon', expires_at: new Date(Date.now() + DAY).toISOString() });
      for (const wrong of ['/s/nope', `/s/${'A'.repeat(22)}`, `/s/${link.slug}x`]) {
        const response = await visitor.get(wrong);
        expect(response.statusCode, wrong).toBe(404);
        expect(response.body).toContain('This link does not exist.');
        expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      }
      expect((await view(link)).statusCode).toBe(200);
      setClock(() => new Date(Date.now() + 2 * DAY));
      const expired = await view(link);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).not.toContain('Ada');
      expect((await visitor.get(`${path(link)}/pdf`)).statusCode).toBe(410);
    });

    it('reads a link once a second per process: this process’s revocation holds at once, another’s within a second', async () => {
      const cvId = await createCv();
      const acme = await share(cvId, { label: 'Acme Corp' });
      const globex = await share(cvId, { label: 'Globex' });
      expect((await view(acme)).statusCode).toBe(200);
      expect((await view(globex)).statusCode).toBe(200);
      // Another process revokes Globex (straight in the database): this one goes on showing it for at most LINK_TTL_MS.
      await world.app.db
        .updateTable('share_links')
        .set({ revoked_at: new Date().toISOString() })
        .where('id', '=', globex.id)
        .execute();
      expect((await view(globex)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, LINK_TTL_MS + 50));
      expect((await view(globex)).statusCode).toBe(410);
      // This process revokes Acme: gone at the very next view, though it was just looked up.
      expect((await view(acme)).statusCode).toBe(200);
      expect((await alice.delete(`/v1/GeneratedCV/${cvId}/shares/${acme.id}/`)).statusCode).toBe(204);
      expect((await view(acme)).statusCode).toBe(410);
    });

    it('shows a new save of the CV at once to a link without a pinned version, though just looked up', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      expect((await view(link)).body).not.toContain('Grace Hopper');
      const body = JSON.stringify(cvBody('Shared CV')).replaceAll('Ada Lovelace', 'Grace Hopper');
      const saved = await alice.put(`/v1/GeneratedCV/${cvId}/`, JSON.parse(body));
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await view(link)).body).toContain('Grace Hopper');
    });

    it('a CV deleted into the bin takes its links down (410)', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      expect((await alice.delete(`/v1/GeneratedCV/${cvId}/`)).statusCode).toBe(204);
      expect((await view(link)).statusCode).toBe(410);
    });

    it('a password link shows a form and nothing of the CV until the password is right', async () => {
      const cvId = await createCv();
      const link = await share(cvId, { label: 'Locked', password: 'correct horse' });
      const form = await view(link);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('<input id="share-password" name="password" type="password"');
      for (const secret of ['Ada', 'Lovelace', 'Babbage', 'Shared CV', 'og:image'])
        expect(form.body).not.toContain(secret);
      const pdf = await visitor.get(`${path(link)}/pdf`);
      expect(pdf.statusCode).toBe(303);
      expect(pdf.headers['content-type'] ?? '').not.toContain('pdf');

      const wrong = await visitor.post(path(link), 'password=wrong+horse', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain('That password is not right.');
      expect(wrong.body).not.toContain('Ada');

      const right = await visitor.post(path(link), 'password=correct+horse', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('<title>Ada Lovelace</title>');
      // The unlocked link is remembered for this link's path only, signed, stored nowhere.
      const cookie = (right.cookies as Array<{ name: string; path?: string; httpOnly?: boolean }>).find(
        (c) => c.name === 'share_unlock',
      );
      expect(cookie).toMatchObject({ path: `/s/${link.slug}`, httpOnly: true });
      expect((await view(link)).body).toContain('<title>Ada Lovelace</title>');
      // A forged cookie opens nothing.
      const forger = await client(world.app);
      forger.cookies.set('share_unlock', `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`);
      expect((await view(link, forger)).body).not.toContain('Ada');
    });

    it('limits password attempts per link, with a 429 page that says so', async () => {
      const cvId = await createCv();
      const link = await share(cvId, { label: 'Locked', password: 'correct horse' });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        // Different addresses: the limit of the link holds whoever tries.
        const response = await world.app.inject({
          method: 'POST',
          url: path(link),
          payload: 'password=guess',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: `10.0.0.${i + 1}`,
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.body).toContain('Too many attempts.');
          expect(response.headers['content-type']).toContain('text/html');
          expect(response.body).not.toContain('Ada');
        }
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('limits password attempts per address, whatever link', async () => {
      const cvId = await createCv();
      const links = [];
      for (let i = 0; i < 3; i += 1)
        links.push(await share(cvId, { label: `L${i}`, password: 'correct horse' }));
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const response = await world.app.inject({
          method: 'POST',
          url: path(links[i % 3]!),
          payload: 'password=guess',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('counting', () => {
    it('counts a visitor once a day, another visitor again, never the owner; downloads apart', async () => {
      const cvId = await createCv();
      const acme = await share(cvId, { label: 'Acme Corp' });
      const globex = await share(cvId, { label: 'Globex' });
      await view(acme);
      await view(acme);
      await view(acme, visitor, 'Another browser');
      await view(acme, alice);
      await view(acme, alice);
      const links = await list(cvId);
      const counted = links.find((l) => l.id === acme.id)!;
      expect(counted.views).toBe(2);
      expect(counted.daily.at(-1)!.views).toBe(2);
      expect(counted.last_viewed).not.toBeNull();
      expect(links.find((l) => l.id === globex.id)!.views).toBe(0);
      // Nothing about the visitor is kept but today's salted hashes.
      const hashes = await world.app.db.selectFrom('share_visitor_hashes').selectAll().execute();
      expect(JSON.stringify(hashes)).not.toMatch(/127\.0\.0\.1|iPhone|Another browser/);
    });

    it('writes the counts about once a second in one go; the owner’s list shows this process’s at once', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      expect((await view(link, visitor, 'Counted later')).statusCode).toBe(200);
      // Not yet in the database: a view costs no write of its own.
      const direct = () =>
        world.app.db
          .selectFrom('share_link_days')
          .select('views')
          .where('share_link_id', '=', link.id)
          .executeTakeFirst();
      expect(await direct()).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 300));
      expect(Number((await direct())?.views)).toBe(1);
      expect((await view(link, visitor, 'Another browser')).statusCode).toBe(200);
      expect((await list(cvId))[0]!.views).toBe(2);
    });

    it('writes what is counted when the app closes (a graceful shutdown)', async () => {
      const url = await database.url();
      const first = await createTestApp({}, url);
      const owner = await client(first.app);
      await owner.signInAs(await insertUser(first.app.db, 'closing@example.com', 'Closing Owner'));
      const created = await owner.post('/v1/GeneratedCV/', cvBody('Closing CV'));
      const made = await owner.post(`/v1/GeneratedCV/${(created.json() as { id: number }).id}/shares/`, {
        label: 'Acme Corp',
      });
      const link = made.json() as ShareJson;
      const stranger = await client(first.app);
      expect((await view(link, stranger)).statusCode).toBe(200);
      await first.app.close();
      await rm(first.outboxDir, { recursive: true, force: true });
      const second = await createTestApp({}, url);
      try {
        const row = await second.app.db
          .selectFrom('share_link_days')
          .select('views')
          .where('share_link_id', '=', link.id)
          .executeTakeFirst();
        expect(Number(row?.views)).toBe(1);
      } finally {
        await second.close();
        await dropTestDatabase(url);
      }
    });

    it('the next day counts again, and yesterday’s salt and hashes are gone', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      await view(link);
      const tomorrow = new Date(Date.now() + DAY);
      setClock(() => tomorrow);
      await view(link);
      // The owner's list writes this process's pending counts first.
      const counted = (await list(cvId)).find((l) => l.id === link.id)!;
      const salts = await world.app.db.selectFrom('share_day_salts').select('day').execute();
      expect(salts.map((s) => s.day)).toEqual([tomorrow.toISOString().slice(0, 10)]);
      const days = await world.app.db.selectFrom('share_visitor_hashes').select('day').distinct().execute();
      expect(days.map((d) => d.day)).toEqual([tomorrow.toISOString().slice(0, 10)]);
      expect(counted.views).toBe(2);
      expect(counted.daily.slice(-2).map((d) => d.views)).toEqual([1, 1]);
    });
  });

  describe('the PDF and the picture (Chromium)', () => {
    it('downloads the PDF named after the CV, counted once a visitor a day and never for the owner', async () => {
      const cvId = await createCv('Ada for Acme');
      const link = await share(cvId);
      const pdf = await visitor.get(`${path(link)}/pdf`, { headers: { 'user-agent': PHONE_SAFARI } });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('attachment; filename="Ada for Acme.pdf"');
      expect(pdf.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      await visitor.get(`${path(link)}/pdf`, { headers: { 'user-agent': PHONE_SAFARI } });
      expect((await alice.get(`${path(link)}/pdf`)).statusCode).toBe(200);
      const counted = (await list(cvId)).find((l) => l.id === link.id)!;
      expect(counted).toMatchObject({ downloads: 1, views: 0 });
      expect(counted.daily.at(-1)).toMatchObject({ downloads: 1, views: 0 });
    });

    it('answers the first page as a PNG, and none for a password link', async () => {
      const cvId = await createCv();
      const link = await share(cvId);
      const png = await visitor.get(`${path(link)}/og.png`);
      expect(png.statusCode, png.body.slice(0, 200)).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      // A4 at 96 dpi: 794 × 1123.
      expect(png.rawPayload.readUInt32BE(16)).toBe(794);
      expect(png.rawPayload.readUInt32BE(20)).toBe(1123);
      const locked = await share(cvId, { label: 'Locked', password: 'correct horse' });
      const none = await visitor.get(`${path(locked)}/og.png`);
      expect(none.statusCode).toBe(403);
      expect(none.headers['content-type']).toContain('text/html');
    });

    it('a pinned version keeps showing what was sent; a link without one shows the latest save', async () => {
      const cvId = await createCv();
      const pinned = await share(cvId, { label: 'Pinned', version: 1 });
      const latest = await share(cvId, { label: 'Latest' });
      const changed = cvBody('Shared CV');
      changed.entries = changed.entries.map((entry) =>
        (entry as { value: string }).value === 'Babbage & Co'
          ? { ...entry, value: 'Analytical Engines Ltd' }
          : entry,
      );
      expect((await alice.put(`/v1/GeneratedCV/${cvId}/`, changed)).statusCode).toBe(200);
      const old = await view(pinned);
      expect(old.body).toContain('Babbage &amp; Co');
      expect(old.body).not.toContain('Analytical Engines Ltd');
      expect((await view(latest)).body).toContain('Analytical Engines Ltd');
    });
  });

  it('keeps a link’s slug out of the request log', () => {
    expect(loggablePath('/s/AbCdEfGhIjKlMnOpQrStUv')).toBe('/s/[redacted]');
    expect(loggablePath('/s/AbCdEfGhIjKlMnOpQrStUv/pdf?x=1')).toBe('/s/[redacted]/pdf?x=1');
    expect(loggablePath('/signin')).toBe('/signin');
  });

  it('leaves a CV saved before versions and without links as it was', async () => {
    const owner = await insertUser(world.app.db, `old-${Date.now()}@example.com`, 'Old Timer');
    const id = await insertCv(world.app.db, owner, {
      name: 'Old CV',
      templateId: 1,
      entries: [],
    });
    const old = await client(world.app);
    await old.signInAs(owner);
    expect((await old.get(`/v1/GeneratedCV/${id}/`)).statusCode).toBe(200);
    const shares = await old.get(`/v1/GeneratedCV/${id}/shares/`);
    expect(shares.statusCode).toBe(200);
    expect(shares.json()).toEqual([]);
    // Sharing it keeps what it holds as its first version; the page shows it.
    const made = await old.post(`/v1/GeneratedCV/${id}/shares/`, { label: 'First' });
    expect(made.statusCode, made.body).toBe(201);
    const page = await visitor.get(`/s/${(made.json() as ShareJson).slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Old CV</title>');
  });
});
