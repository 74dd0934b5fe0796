import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { now } from './auth/clock.js';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle, type Dialect } from './db/database.js';
import type { Database } from './db/schema.js';
import { prepareDatabase } from './db/prepare.js';
import { registerCompression } from './http/compression.js';
import { registerControlCharacterFilter } from './http/control-characters.js';
import { registerCsrf } from './http/csrf.js';
import { registerErrorHandler } from './http/errors.js';
import { registerI18n } from './i18n/request.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerOpenApi } from './http/openapi.js';
import { configureRateLimits } from './http/rate-limit.js';
import { registerRequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSessions } from './http/session.js';
import { schemaController } from './http/validation.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createMailQueue, type MailQueue } from './mail/queue.js';
import type { PdfPrinter } from './render/pdf.js';
import { registerRoutes } from './routes.js';
import { SEEDERS } from './seeders.js';
import { forgetShareLinks } from './shares/link-cache.js';
import { registerSpa } from './static/spa.js';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The configuration as the running app holds it: the secret key is always resolved. */
export type AppConfig = Config & { secretKey: string };

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    dialect: Dialect;
    mailer: Mailer;
    /** Account mail: queued in the request's transaction, sent after the answer (mail/queue.ts). */
    mailQueue: MailQueue;
  }
}

export interface BuildAppOptions {
  /** Overrides the logger built from config.logLevel (false: none). */
  logger?: boolean | object;
  /** Where the logger built from config writes (default stdout); tests read what reaches the log. */
  logStream?: { write(line: string): void };
  /** An already opened database (else opened from config.databaseUrl); the app closes it either way. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** Run migrations and seeders before answering (default true; a cluster's primary has run them once already). */
  migrate?: boolean;
  seed?: boolean;
  /** Print with this renderer instead of one of the app's own (a cluster worker's proxy to the primary's). */
  renderer?: PdfPrinter;
  /**
   * The Pact provider-state route (server/tests/pact/provider-state-routes.ts), registered when
   * config.pactProviderStates is on. Test code: the tests hand it in, so production code never loads it.
   */
  providerStates?: FastifyPluginAsync;
}

const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
];

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  if (config.pactProviderStates && !options.providerStates) {
    throw new Error(
      'PACT_PROVIDER_STATES=1 needs the provider-state route, which only the tests hand in (server/tests/pact/)',
    );
  }
  const database = options.database ?? createDatabase(config.databaseUrl);
  let secretKey: string;
  try {
    secretKey = await prepareDatabase(database.db, config, SEEDERS, options);
  } catch (error) {
    await database.destroy();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line per request instead of Fastify's two (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    schemaController,
    routerOptions: { ignoreTrailingSlash: true },
  });

  database.onConnectionError = (error) =>
    app.log.warn({ err: error }, 'database connection lost: the pool opens a new one when next needed');
  app.decorate('config', { ...config, secretKey });
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('mailer', options.mailer ?? createMailer(config));
  app.decorate(
    'mailQueue',
    createMailQueue({ db: database.db, mailer: app.mailer, log: app.log, clock: now }),
  );
  // Mail queued before a restart (or by an instance that stopped) goes out when this one is ready.
  app.addHook('onReady', async () => {
    app.mailQueue.start();
  });
  app.addHook('onClose', async (instance) => {
    await instance.mailQueue.close();
    await instance.mailer.close();
    await database.destroy();
  });

  await app.register(cookie);
  await registerSecurityHeaders(app);
  registerRequestLog(app);
  registerJsonBodyParser(app);
  registerControlCharacterFilter(app);
  registerErrorHandler(app);
  // Every answer's `detail` in the request's language (i18n/request.ts).
  registerI18n(app);
  // CSRF first: a forged request is refused before it costs a session lookup.
  registerCsrf(app);
  registerSessions(app);
  configureRateLimits(app.db, { scale: config.rateLimitScale });
  // Share links are looked up once a second per process (shares/link-cache.ts): whatever this process writes (a
  // revocation, a new version, an archived CV) shows on its public pages at once. The share pages' own password
  // form writes nothing a link's look-up reads.
  app.addHook('onSend', async (request) => {
    if (!READ_ONLY_METHODS.has(request.method) && !request.url.startsWith('/s/'))
      forgetShareLinks(app.config.databaseUrl);
  });
  // Before every route (the static files' included): the plugin hooks into each route as it is declared.
  await registerCompression(app);
  // Before the routes: it collects their schemas as they register.
  await registerOpenApi(app);
  await registerRoutes(app, options.renderer ? { renderer: options.renderer } : {});
  if (config.pactProviderStates && options.providerStates) await app.register(options.providerStates);
  await registerSpa(app);
  return app;
}
