import { msg } from '../../../../rules/languages.js';
import { requestLanguage } from '../../i18n/request.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hit, type RateLimit } from '../../http/rate-limit.js';
import { startSession } from '../../http/session.js';
import { secondStepNeeded } from '../../two-step/gate.js';
import { now } from '../clock.js';
import { SocialSignInError } from './errors.js';
import { googleProfile } from './google.js';
import { isLinkedInConfigured, linkedinProfile, linkedinRedirectUri } from './linkedin.js';
import type { SocialProfile } from './profile.js';
import { accountForSocialProfile } from './social-accounts.js';
import { bodySchema } from '../../http/schemas.js';

/** What GET /auth/social/config/ answers: public values only, so one web build serves any deployment. */
export interface SocialConfigAnswer {
  google_client_id: string | null;
  google_script_url: string;
  linkedin_client_id: string | null;
  linkedin_authorization_url: string;
  linkedin_redirect_uri: string;
}

export const SIGNED_IN_DETAIL = msg('Signed in successfully.');

// Each attempt costs calls to the provider: bounded per address like the password sign-in.
export const SOCIAL_LOGIN_RATE_LIMIT: RateLimit = { limit: 20, windowMs: 15 * 60 * 1000 };
export const socialLoginRateLimitKey = (ip: string) => `social-login:ip:${ip}`;

// Provider tokens and codes are opaque, but bounded: nothing sensible is longer.
const opaque = { type: 'string', minLength: 1, maxLength: 4096 } as const;

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;

  app.get('/auth/social/config/', async (_request, reply): Promise<SocialConfigAnswer> => {
    // Deployments change their configuration by restarting; a short cache is harmless and saves a call per sign-in visit.
    reply.header('cache-control', 'public, max-age=60');
    return {
      google_client_id: config.googleClientId,
      google_script_url: config.googleScriptUrl,
      linkedin_client_id: isLinkedInConfigured(config) ? config.linkedinClientId : null,
      linkedin_authorization_url: config.linkedinAuthorizationUrl,
      linkedin_redirect_uri: linkedinRedirectUri(config),
    };
  });

  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    method: 'google' | 'linkedin',
    readProfile: () => Promise<SocialProfile>,
  ) {
    try {
      await hit(app.db, socialLoginRateLimitKey(request.ip), SOCIAL_LOGIN_RATE_LIMIT, now());
      const profile = await readProfile();
      const user = await accountForSocialProfile(app.db, profile, now());
      // The provider proves the address, not the person holding it now: an account with two-step sign-in on asks
      // for its code here too (docs/decisions/0034-two-step-sign-in.md).
      const secondStep = await secondStepNeeded(request, reply, user, method);
      if (secondStep) return reply.send(secondStep);
      // Staff get a session as on the password sign-in; the web then sends them to the admin panel.
      await startSession(request, reply, user.id, { method });
      return reply.send({ user_id: user.id, detail: SIGNED_IN_DETAIL });
    } catch (error) {
      if (!(error instanceof SocialSignInError)) throw error;
      request.log.info({ code: error.code, status: error.statusCode }, 'social sign-in refused');
      return reply.code(error.statusCode).send(error.toBody(await requestLanguage(request)));
    }
  }

  app.post<{ Body: { access_token: string } }>(
    '/auth/social/login/google/',
    { schema: bodySchema({ access_token: opaque }) },
    (request, reply) =>
      signIn(request, reply, 'google', () => googleProfile(config, request.body.access_token)),
  );

  app.post<{ Body: { code: string; redirect_uri: string } }>(
    '/auth/social/login/linkedin/',
    { schema: bodySchema({ code: opaque, redirect_uri: { type: 'string', maxLength: 2048 } }) },
    (request, reply) =>
      signIn(request, reply, 'linkedin', () =>
        linkedinProfile(config, { code: request.body.code, redirectUri: request.body.redirect_uri }),
      ),
  );
}
