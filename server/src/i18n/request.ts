import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  isLanguageCode,
  pickLanguage,
  SOURCE_LANGUAGE,
  type LanguageCode,
} from '../../../rules/languages.js';
import { findSavedLanguage } from '../users/repository.js';
import { isMessage, isTranslated, translate } from './translate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person's saved language as read for this request (i18n/request.ts), or null before. */
    savedLanguage: { userId: number; language: LanguageCode | null } | null;
  }
}

/** The language the request's Accept-Language asks for, of those the product speaks; English when none. */
export function headerLanguage(request: Pick<FastifyRequest, 'headers'>): LanguageCode {
  const header = request.headers['accept-language'];
  return pickLanguage(acceptedLanguages(Array.isArray(header) ? header.join(',') : header));
}

/** The language the signed-in person chose (PATCH /auth/profile/), or null: signed out, or never chosen. */
async function signedInLanguage(request: FastifyRequest): Promise<LanguageCode | null> {
  const { userId } = request;
  if (userId === null) return null;
  // Read once a request, and again if the request signed someone else in (or out) since.
  if (request.savedLanguage?.userId === userId) return request.savedLanguage.language;
  const language = await findSavedLanguage(request.server.db, userId);
  request.savedLanguage = { userId, language };
  return language;
}

/**
 * The language to answer a request in: the signed-in person's saved language, else the one its Accept-Language
 * asks for, else English. Read when needed (a sign-in answers in the language of the person it signed in).
 */
export async function requestLanguage(request: FastifyRequest): Promise<LanguageCode> {
  return (await signedInLanguage(request)) ?? headerLanguage(request);
}

/** What the request just saved as the person's language: the rest of its answer is said in it. */
export function rememberSavedLanguage(
  request: FastifyRequest,
  userId: number,
  language: LanguageCode | null,
): void {
  request.savedLanguage = { userId, language };
}

/**
 * The language of a mail: its recipient's saved language, else the language of the request that caused it (kept
 * with the queued mail), else English.
 */
export function mailLanguage(
  recipient: { language: string | null } | undefined,
  causedIn?: unknown,
): LanguageCode {
  if (recipient && isLanguageCode(recipient.language)) return recipient.language;
  return isLanguageCode(causedIn) ? causedIn : SOURCE_LANGUAGE;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Every JSON answer's `detail` (a route's own, an HttpError's, a validation's) is said in the request's language:
 * routes and errors give it as English words marked with `msg`, or as a Message with values, and this hook, the
 * one place that translates them, says them. An answer without a language is English, word for word as before.
 */
export function registerI18n(app: FastifyInstance): void {
  app.decorateRequest('savedLanguage', null);
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isPlainObject(payload) || !isMessage(payload.detail)) return payload;
    // Words no language has yet are English for everyone: no need to look the person's language up.
    const language = isTranslated(payload.detail) ? await requestLanguage(request) : SOURCE_LANGUAGE;
    return { ...payload, detail: translate(language, payload.detail) };
  });
}
