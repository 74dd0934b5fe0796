import type { FastifyInstance } from 'fastify';
import { PdfRenderer, type PdfPrinter } from './pdf.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the app prints PDFs with (closed with the app): the process's own Chromium-backed PdfRenderer, or in a
     * cluster worker (WEB_CONCURRENCY > 1) a proxy to the primary's one renderer.
     */
    pdf: PdfPrinter;
  }
}

export interface RenderEngineOptions {
  /** A renderer made elsewhere (a cluster worker's proxy); the app then neither makes nor warms up its own. */
  renderer?: PdfPrinter;
}

/**
 * Puts the render engine's printer on the app for every domain (the download route prints with `app.pdf`).
 * Registered with skip-override so the decorations reach the root instance, not just this plugin.
 */
export async function renderEngine(app: FastifyInstance, options: RenderEngineOptions = {}): Promise<void> {
  const pdf =
    options.renderer ??
    new PdfRenderer({
      // config.chromiumPath is null when none was found: every PDF then answers 503 with the reason.
      executablePath: app.config.chromiumPath ?? '',
      poolSize: app.config.pdfPoolSize,
      renderTimeoutMs: app.config.pdfTimeoutMs,
      maxMemoryMb: app.config.pdfMaxMemoryMb,
      processModel: app.config.pdfProcessModel,
    });
  app.decorate('pdf', pdf);
  app.addHook('onClose', async () => {
    await pdf.close();
  });
  if (!options.renderer && app.config.nodeEnv === 'production' && pdf.available) {
    // A warm browser makes the first preview as fast as the rest; a failure here is only logged.
    app.addHook('onReady', async () => {
      pdf.warmUp().catch((error: Error) => app.log.warn({ err: error }, 'PDF renderer warm-up failed'));
    });
  }
}

(renderEngine as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
