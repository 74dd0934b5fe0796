import type { FastifyInstance } from 'fastify';
import { cvFigures } from '../cvs/repository.js';
import { msg, translator, type LanguageCode } from '../i18n/index.js';
import { oldestQueuedMail, outboxFigures } from '../mail/queue.js';
import { userFigures } from '../users/repository.js';
import { when } from './kit.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's figures: people, CVs, the PDF renderer of this instance and the mail outbox, in `language`. */
export async function dashboardView(app: FastifyInstance, language: LanguageCode) {
  const t = translator(language);
  const { db } = app;
  const weekAgo = new Date(Date.now() - 7 * DAY_MS);
  const [{ total: userCount, confirmed, recent, staff, deleted }, { saved, archived }, { waiting, failing }] =
    await Promise.all([userFigures(db, weekAgo), cvFigures(db), outboxFigures(db)]);
  const oldest = await oldestQueuedMail(db);
  const { pdf, config } = app;
  // The renderer of this server: in a cluster the primary's one renderer, which every worker prints with.
  const renderer = await pdf.snapshot();
  const started = renderer.stats;
  return {
    counts: [
      // What 'Users' counts is said beside it: staff are among them, deleted accounts are counted apart.
      {
        label: t(msg('Users')),
        value: userCount,
        href: '/admin/users/',
        hint: t(msg('Accounts not deleted, staff included')),
      },
      { label: t(msg('Staff')), value: staff },
      { label: t(msg('Deleted accounts')), value: deleted, hint: t(msg('Not among the users')) },
      { label: t(msg('Confirmed')), value: confirmed },
      {
        label: t(msg('Signed in in the last 7 days')),
        value: recent,
        href: '/admin/users/?sort=-last_login',
      },
      { label: t(msg('CVs saved')), value: saved, href: '/admin/cvs/' },
      { label: t(msg('CVs archived')), value: archived, href: '/admin/cvs/?archived=only' },
      {
        label: t(msg('PDFs rendered today (this instance)')),
        value: started.day === new Date().toISOString().slice(0, 10) ? started.dayRenders : 0,
      },
    ],
    renderer: {
      available: pdf.available,
      running: renderer.running,
      executable: config.chromiumPath ?? t(msg('none found')),
      pool: pdf.poolSize,
      launches: started.launches,
      renders: started.renders,
      lastLaunch: started.lastLaunchAt ? when(started.lastLaunchAt, language) : t(msg('not yet')),
      restarts: Math.max(0, started.launches - 1),
      retries: started.retries,
      timeouts: started.timeouts,
      cacheHits: started.cacheHits,
    },
    mail: {
      transport: config.smtpUrl
        ? t(msg('SMTP ({host})'), { host: new URL(config.smtpUrl).host })
        : t(msg('files in {directory}'), { directory: config.mailOutboxDir }),
      waiting,
      failing,
      oldest: oldest ? when(oldest.created_at, language) : undefined,
      lastError: oldest?.last_error ?? undefined,
    },
  };
}
