import type { FastifyInstance } from 'fastify';
import { getTemplateRegistry, type TemplateRegistry } from '../templates/registry.js';
import { PdfRenderer } from './pdf.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's one Chromium-backed PDF printer (closed with the app). */
    pdf: PdfRenderer;
    /** The CV templates, compiled: what renderHtml and renderDocx take. */
    cvTemplates: TemplateRegistry;
  }
}

/**
 * Puts the render engine on the app for every domain (the download route prints with `app.pdf`).
 * Registered with skip-override so the decorations reach the root instance, not just this plugin.
 */
export async function renderEngine(app: FastifyInstance): Promise<void> {
  const pdf = new PdfRenderer({
    // config.chromiumPath is null when none was found: every PDF then answers 503 with the reason.
    executablePath: app.config.chromiumPath ?? '',
    poolSize: app.config.pdfPoolSize,
    renderTimeoutMs: app.config.pdfTimeoutMs,
  });
  app.decorate('pdf', pdf);
  app.decorate('cvTemplates', getTemplateRegistry());
  app.addHook('onClose', async () => {
    await pdf.close();
  });
  if (app.config.nodeEnv === 'production' && pdf.available) {
    // A warm browser makes the first preview as fast as the rest; a failure here is only logged.
    app.addHook('onReady', async () => {
      pdf.warmUp().catch((error: Error) => app.log.warn({ err: error }, 'PDF renderer warm-up failed'));
    });
  }
}

(renderEngine as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
