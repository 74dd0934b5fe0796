import { createHmac, timingSafeEqual } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../auth/clock.js';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.js';
import { parseStoredDesign } from '../cv-input/design.js';
import { parseStoredLayout } from '../cv-input/layout.js';
import { buildRenderModelFromEntries } from '../cv-input/values.js';
import { attachmentDisposition } from '../cvs/file-name.js';
import { findCvById } from '../cvs/repository.js';
import { HttpError, printFailuresAsHttp } from '../http/errors.js';
import { msg, requestLanguage, type LanguageCode } from '../i18n/index.js';
import { hit, releaseAttempt, type RateLimitState } from '../http/rate-limit.js';
import { previewCvHtml } from '../render/print.js';
import { versionFile } from '../rendered-files/files.js';
import { renderKey } from '../rendered-files/key.js';
import { versionWithFile } from '../rendered-files/repository.js';
import { readVersionState } from '../versions/repository.js';
import {
  DOWNLOAD_LIMIT_PER_ADDRESS,
  PASSWORD_LIMIT_PER_ADDRESS,
  PASSWORD_LIMIT_PER_LINK,
  UNLOCK_SECONDS,
} from './limits.js';
import { cachedShareLink } from './link-cache.js';
import {
  cachedPage,
  cachedPicture,
  cachedRender,
  pageKey,
  pageLanguageKey,
  type CachedPage,
  type RenderedCv,
} from './page-cache.js';
import { PASSWORD_WRONG, messagePage, passwordPage, sharePage, styleHashPolicy } from './page.js';
import { countBufferOf } from './count-buffer.js';
import { daySalt, findShareBySlug, visitorHash, type CountKind, type PublicShareRow } from './repository.js';
import { dayOf, shareUrl } from './serialise.js';

/*
 * The public pages a share link opens (docs/decisions/0045-share-links.md): the CV, its PDF and its first page as a
 * picture, for anyone with the link and no session. No script; noindex; no referrer; nothing stored about who looks
 * but a salted hash for the day, to count a visitor once. A revoked or expired link is 410, an unknown one 404.
 * The pages' own words are in the visitor's language (their saved one when signed in, else their browser's).
 */

const SLUG = /^[A-Za-z0-9_-]{22,64}$/;

/** The encoding a browser takes (Brotli first), from its Accept-Encoding; undefined: the page as it is. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const offered = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

function encodeAll(html: string): CachedPage['encoded'] {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}
const UNLOCK_COOKIE = 'share_unlock';
const GONE = [
  msg('This link is no longer available.'),
  msg('Ask the person who sent it for a new one.'),
] as const;
const MISSING = [msg('This link does not exist.'), msg('Check that the address was copied whole.')] as const;

type Opened =
  | { state: 'missing' }
  | { state: 'gone' }
  | { state: 'locked'; share: PublicShareRow }
  | { state: 'open'; share: PublicShareRow; version: ShownVersion };

/** The version a link shows, as its look-up read it. */
interface ShownVersion {
  id: number;
  number: number;
  template_id: number;
}

interface PasswordForm {
  password?: unknown;
}

export async function sharePublicRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: the password form posts urlencoded fields, which the JSON API never accepts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // Every answer here: not indexed, no referrer leaves with a click, kept by no cache (a link can be revoked).
  app.addHook('onRequest', async (_request, reply) => {
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store');
  });

  function sendHtml(reply: FastifyReply, status: number, html: string, csp?: string): FastifyReply {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', csp ?? styleHashPolicy(app.config, html))
      .send(html);
  }

  const sendGone = async (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 410, messagePage(await requestLanguage(request), ...GONE));
  const sendMissing = async (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 404, messagePage(await requestLanguage(request), ...MISSING));
  const sendError = async (request: FastifyRequest, reply: FastifyReply, error: HttpError) => {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    const heading =
      error.statusCode === 429
        ? msg('Too many attempts')
        : error.statusCode === 503
          ? msg('Please try again')
          : msg('Sorry');
    return sendHtml(
      reply,
      error.statusCode,
      messagePage(await requestLanguage(request), heading, error.detailMessage),
    );
  };

  // ── the unlocked password link: a path-scoped cookie, signed, stored nowhere on the server ──

  function unlockSignature(share: PublicShareRow, expires: number): Buffer {
    return createHmac('sha256', app.config.secretKey)
      .update(`share-unlock\0${share.slug}\0${expires}\0${share.password_hash ?? ''}`)
      .digest();
  }

  function isUnlocked(request: FastifyRequest, share: PublicShareRow): boolean {
    const value = request.cookies[UNLOCK_COOKIE];
    const match = value ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= now().getTime()) return false;
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = unlockSignature(share, expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function unlock(reply: FastifyReply, share: PublicShareRow): void {
    const expires = Math.floor(now().getTime() / 1000) + UNLOCK_SECONDS;
    reply.setCookie(UNLOCK_COOKIE, `${expires}.${unlockSignature(share, expires).toString('base64url')}`, {
      path: `/s/${share.slug}`,
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.publicUrl.startsWith('https:'),
      maxAge: UNLOCK_SECONDS,
    });
  }

  // ── which link, and whether it opens ──

  async function open(request: FastifyRequest, slug: string): Promise<Opened> {
    if (!SLUG.test(slug)) return { state: 'missing' };
    // Looked up at most once a second in this process (link-cache.ts); expiry is checked now, at every view.
    const share = await cachedShareLink(app.config.databaseUrl, slug, () => findShareBySlug(app.db, slug));
    if (!share) return { state: 'missing' };
    const at = now();
    if (share.revoked_at !== null || share.cv_archived_at !== null) return { state: 'gone' };
    if (share.expires_at !== null && Date.parse(share.expires_at) <= at.getTime()) return { state: 'gone' };
    if (share.password_hash !== null && request.userId !== share.owner_id && !isUnlocked(request, share))
      return { state: 'locked', share };
    // A pinned version that is no longer kept is gone: the link never shows another version instead.
    const version = shownVersion(share);
    if (!version) return { state: 'gone' };
    return { state: 'open', share, version };
  }

  function shownVersion(share: PublicShareRow): ShownVersion | undefined {
    if (
      share.shown_version_id === null ||
      share.shown_version_number === null ||
      share.shown_template_id === null
    )
      return undefined;
    return {
      id: share.shown_version_id,
      number: share.shown_version_number,
      template_id: share.shown_template_id,
    };
  }

  // ── counting: once a visitor a day, the owner never ──

  const warnNotWritten = (error: unknown) =>
    app.log.warn({ err: error }, 'share link counts not written: kept for the next try');
  const counts = countBufferOf(app.db, warnNotWritten);
  // A graceful shutdown (SIGTERM, a cluster worker's end) closes the app: what is counted is written first.
  app.addHook('onClose', async () => {
    await counts.flush();
  });

  let salt: { day: string; value: string } | undefined;
  // This instance's visitors already counted today: a repeat view costs no write. The database decides for every
  // instance (markSeen); this only spares it the question.
  let seen = { day: '', hashes: new Set<string>() };
  const MAX_SEEN = 50_000;

  async function count(request: FastifyRequest, share: PublicShareRow, kind: CountKind): Promise<void> {
    if (request.method === 'HEAD' || request.userId === share.owner_id) return;
    const at = now();
    const day = dayOf(at);
    if (salt?.day !== day) {
      // Yesterday's pending hashes are written before the new day's salt deletes that day's: none outlives it.
      await counts.flush().catch(warnNotWritten);
      salt = { day, value: await daySalt(app.db, day) };
    }
    if (seen.day !== day || seen.hashes.size >= MAX_SEEN) seen = { day, hashes: new Set() };
    const hash = visitorHash(salt.value, [
      request.ip,
      request.headers['user-agent'] ?? '',
      String(share.id),
      kind,
    ]);
    if (seen.hashes.has(hash)) return;
    seen.hashes.add(hash);
    // Written with the others about once a second (count-buffer.ts); the database still decides whether it counts.
    counts.add({ day, hash, shareId: share.id, kind, at });
  }

  // ── the page ──

  /** The version's CV as its template prints it (once, whoever looks), with its key; undefined: no template. */
  async function rendered(
    share: PublicShareRow,
    version: ShownVersion,
  ): Promise<{ key: string; cv: RenderedCv } | undefined> {
    const template = app.cvTemplates.byId(version.template_id);
    if (!template) return undefined;
    const key = pageKey(app.config.databaseUrl, share.id, `${version.id}\0${renderKey(template)}`);
    const cv = await cachedRender(key, async () => {
      const state = await readVersionState(app.db, share.generated_cv_id, version.number);
      if (!state) throw new HttpError(410, GONE[0]);
      const model = buildRenderModelFromEntries(
        template.definition,
        state.cells.map(([section_field, index, value]) => ({ value, index, section_field })),
        parseStoredLayout(state.layout),
        parseStoredDesign(state.design),
      );
      const { html: document } = await previewCvHtml(app.pdf, template, model);
      return {
        title: (model.person.name ?? '').trim() || share.cv_name,
        document,
        paper: { widthMm: model.design.widthMm, heightMm: model.design.heightMm },
      };
    });
    return { key, cv };
  }

  /** The share page of the version in `language`: the CV rendered once, the page around it once per language. */
  async function page(
    share: PublicShareRow,
    version: ShownVersion,
    language: LanguageCode,
  ): Promise<CachedPage | undefined> {
    const made = await rendered(share, version);
    if (!made) return undefined;
    const { key, cv } = made;
    return cachedPage(pageLanguageKey(key, language), async () => {
      const url = shareUrl(app.config.publicUrl, share.slug);
      const html = sharePage({
        language,
        document: cv.document,
        title: cv.title,
        pdfPath: `/s/${share.slug}/pdf`,
        ogImageUrl: `${url}/og.png`,
        pageUrl: url,
        widthMm: cv.paper.widthMm,
      });
      return { html, encoded: encodeAll(html), csp: styleHashPolicy(app.config, html) };
    });
  }

  async function showCv(
    request: FastifyRequest,
    reply: FastifyReply,
    share: PublicShareRow,
    version: ShownVersion,
  ): Promise<FastifyReply> {
    const shown = await page(share, version, await requestLanguage(request));
    if (!shown) return sendGone(request, reply);
    await count(request, share, 'view');
    // Compressed once when the page was made, not at every answer (http/compression.ts leaves an encoded one alone).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', shown.csp)
      .send(encoding ? shown.encoded[encoding] : shown.encoded.identity);
  }

  const slugParams = {
    type: 'object',
    required: ['slug'],
    properties: { slug: { type: 'string', maxLength: 200 } },
  } as const;

  const guarded =
    <R extends { Params: { slug: string } }>(
      handler: (request: FastifyRequest<R>, reply: FastifyReply) => Promise<FastifyReply>,
    ) =>
    async (request: FastifyRequest<R>, reply: FastifyReply) => {
      try {
        // The render engine's failures (unavailable: 503; too many pages: 413) as every printing route answers them.
        return await printFailuresAsHttp(() => handler(request, reply));
      } catch (error) {
        if (error instanceof HttpError) return sendError(request, reply, error);
        throw error;
      }
    };

  app.get<{ Params: { slug: string } }>(
    '/s/:slug',
    { schema: { params: slugParams, hide: true } },
    guarded(async (request, reply) => {
      const opened = await open(request, request.params.slug);
      if (opened.state === 'missing') return sendMissing(request, reply);
      if (opened.state === 'gone') return sendGone(request, reply);
      if (opened.state === 'locked')
        return sendHtml(reply, 200, passwordPage(await requestLanguage(request), `/s/${opened.share.slug}`));
      return showCv(request, reply, opened.share, opened.version);
    }),
  );

  // A form cannot send the CSRF header; a forged post could only unlock a link for whoever forges it, with the
  // password they already know. Attempts are limited per link (whoever tries) and per address (whatever link).
  app.post<{ Params: { slug: string }; Body: PasswordForm }>(
    '/s/:slug',
    { schema: { params: slugParams, hide: true }, config: { csrf: false } },
    guarded(async (request, reply) => {
      const opened = await open(request, request.params.slug);
      if (opened.state === 'missing') return sendMissing(request, reply);
      if (opened.state === 'gone') return sendGone(request, reply);
      const share = opened.share;
      const action = `/s/${share.slug}`;
      // A link without a password, or one already open in this browser: the CV.
      if (opened.state === 'open') return showCv(request, reply, share, opened.version);
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const attempts: RateLimitState[] = [];
      attempts.push(await hit(app.db, `share-password:link:${share.id}`, PASSWORD_LIMIT_PER_LINK));
      try {
        attempts.push(await hit(app.db, `share-password:ip:${request.ip}`, PASSWORD_LIMIT_PER_ADDRESS));
      } catch (error) {
        await releaseAttempt(app.db, attempts[0]!);
        throw error;
      }
      const right =
        password.length > 0 && password.length <= 1000
          ? await verifyPassword(share.password_hash!, password)
          : await verifyAgainstDummy(password);
      if (!right)
        return sendHtml(reply, 200, passwordPage(await requestLanguage(request), action, PASSWORD_WRONG));
      // A right password is no failed attempt.
      for (const attempt of attempts) await releaseAttempt(app.db, attempt);
      unlock(reply, share);
      const reopened = await open(request, share.slug);
      if (reopened.state !== 'open' && reopened.state !== 'locked') return sendGone(request, reply);
      // This request carries no cookie yet: it shows the CV as the cookie will from now on.
      const version = reopened.state === 'open' ? reopened.version : shownVersion(reopened.share);
      if (!version) return sendGone(request, reply);
      return showCv(request, reply, share, version);
    }),
  );

  app.get<{ Params: { slug: string } }>(
    '/s/:slug/pdf',
    { schema: { params: slugParams, hide: true } },
    guarded(async (request, reply) => {
      const opened = await open(request, request.params.slug);
      if (opened.state === 'missing') return sendMissing(request, reply);
      if (opened.state === 'gone') return sendGone(request, reply);
      // Locked: the password first, on the page.
      if (opened.state === 'locked') return reply.redirect(`/s/${opened.share.slug}`, 303);
      const { share } = opened;
      if (request.userId !== share.owner_id)
        await hit(app.db, `share-download:ip:${request.ip}`, DOWNLOAD_LIMIT_PER_ADDRESS);
      const cv = await findCvById(app.db, share.generated_cv_id);
      const version = await versionWithFile(app.db, share.generated_cv_id, 'pdf', opened.version.number);
      if (!cv || !version) return sendGone(request, reply);
      // The version's stored file when it was made with today's renderer and template; else rendered now, stored.
      const file = await versionFile(app, cv, version, 'pdf');
      await count(request, share, 'download');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(cv.name, file.extension))
        .send(file.body);
    }),
  );

  // The first page as a picture, for the card a chat shows for a pasted link; made once per version (Chromium).
  // A password link has none: its card shows nothing of the CV.
  app.get<{ Params: { slug: string } }>(
    '/s/:slug/og.png',
    { schema: { params: slugParams, hide: true } },
    guarded(async (request, reply) => {
      const opened = await open(request, request.params.slug);
      if (opened.state === 'missing') return sendMissing(request, reply);
      if (opened.state === 'gone') return sendGone(request, reply);
      if (opened.state === 'locked') {
        const language = await requestLanguage(request);
        return sendHtml(
          reply,
          403,
          messagePage(language, msg('This CV is protected'), msg('It opens with its password.')),
        );
      }
      const { share, version } = opened;
      const made = await rendered(share, version);
      if (!made) return sendGone(request, reply);
      const { key, cv } = made;
      const png = await cachedPicture(key, () => app.pdf.picture(cv.document, cv.paper));
      return reply.type('image/png').send(png);
    }),
  );
}
