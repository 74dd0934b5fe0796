import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { HttpError } from '../http/errors.js';
import { msg, type Message } from '../i18n/index.js';
import { confirmTwoStepSetup, startTwoStepSetup } from '../two-step/routes.js';
import { otpauthUrl } from '../two-step/codes.js';
import { twoStepOf } from '../two-step/repository.js';
import { open } from '../two-step/secret-box.js';
import type { AdminKit } from './kit.js';
import { renderPage, type PageFrame } from './views.js';

/*
 * Staff need two-step sign-in to use the panel (routes.ts refuses them every other page until it is on), and the
 * web app sends staff here rather than to its profile: so the panel sets it up itself, without JavaScript. The
 * QR code is an SVG drawn on the server.
 */

const SET_UP = msg('Set up two-step sign-in');

export function twoStepAdminRoutes(
  app: FastifyInstance,
  kit: AdminKit,
  frame: (
    request: Parameters<AdminKit['frame']>[0],
    reply: Parameters<AdminKit['frame']>[1],
    title: Message,
  ) => Promise<PageFrame>,
): void {
  async function setupPage(secret: string, email: string) {
    const url = otpauthUrl(secret, email);
    return { secret, qr: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
  }

  kit.action('/admin/two-step/setup/', async (request, reply) => {
    const staff = request.staff!;
    const started = await startTwoStepSetup(app, staff).catch((error: unknown) => {
      if (error instanceof HttpError) return null;
      throw error;
    });
    if (!started) return reply.redirect('/admin/', 303);
    return kit.send(
      reply,
      renderPage(
        'two-step-setup',
        await frame(request, reply, SET_UP),
        await setupPage(started.secret, staff.email),
      ),
    );
  });

  kit.action('/admin/two-step/enable/', async (request, reply) => {
    const staff = request.staff!;
    try {
      const codes = await confirmTwoStepSetup(app, request, staff, String(request.body.code ?? ''));
      return kit.send(
        reply,
        renderPage('two-step-done', await frame(request, reply, msg('Two-step sign-in is on')), { codes }),
      );
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
      const row = await twoStepOf(app.db, staff.id);
      if (!row || row.enabled_at) return reply.redirect('/admin/', 303);
      const page = await setupPage(open(app.config.secretKey, row.secret), staff.email);
      return kit.send(
        reply.code(400),
        renderPage(
          'two-step-setup',
          { ...(await frame(request, reply, SET_UP)), error: error.detailMessage },
          page,
        ),
      );
    }
  });
}
