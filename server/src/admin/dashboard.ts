import type { FastifyInstance } from 'fastify';
import { cvFigures } from '../cvs/repository.js';
import { oldestQueuedMail, outboxFigures } from '../mail/queue.js';
import { userFigures } from '../users/repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's figures: people, CVs, the PDF renderer of this instance and the mail outbox. */
export async function dashboardView(app: FastifyInstance) {
  const { db } = app;
  const weekAgo = new Date(Date.now() - 7 * DAY_MS);
  const [{ total: userCount, confirmed, recent, staff, deleted }, { saved, archived }, { waiting, failing }] = await Promise.all([
    userFigures(db, weekAgo),
    cvFigures(db),
    outboxFigures(db),
  ]);
  const oldest = await oldestQueuedMail(db);
  const { pdf, config } = app;
  // The renderer of this server: in a cluster the primary's one renderer, which every worker prints with.
  const renderer = await pdf.snapshot();
  const started = renderer.stats;
  return {
    counts: [
      // What 'Users' counts is said beside it: staff are among them, deleted accounts are counted apart.
      { label: 'Users', value: userCount, href: '/admin/users/', hint: 'Accounts not deleted, staff included' },
      { label: 'Staff', value: staff },
      { label: 'Deleted accounts', value: deleted, hint: 'Not among the users' },
      { label: 'Confirmed', value: confirmed },
      { label: 'Signed in in the last 7 days', value: recent, href: '/admin/users/?sort=-last_login' },
      { label: 'CVs saved', value: saved, href: '/admin/cvs/' },
      { label: 'CVs archived', value: archived, href: '/admin/cvs/?archived=only' },
      { label: 'PDFs rendered today (this instance)', value: started.day === new Date().toISOString().slice(0, 10) ? started.dayRenders : 0 },
    ],
    renderer: {
      available: pdf.available,
      running: renderer.running,
      executable: config.chromiumPath ?? 'none found',
      pool: pdf.poolSize,
      launches: started.launches,
      renders: started.renders,
      lastLaunch: started.lastLaunchAt ? started.lastLaunchAt.replace('T', ' ').slice(0, 16) + ' UTC' : 'not yet',
      restarts: Math.max(0, started.launches - 1),
      retries: started.retries,
      timeouts: started.timeouts,
      cacheHits: started.cacheHits,
    },
    mail: {
      transport: config.smtpUrl ? `SMTP (${new URL(config.smtpUrl).host})` : `files in ${config.mailOutboxDir}`,
      waiting,
      failing,
      oldest: oldest ? oldest.created_at.replace('T', ' ').slice(0, 16) + ' UTC' : undefined,
      lastError: oldest?.last_error ?? undefined,
    },
  };
}
