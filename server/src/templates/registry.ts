import type { FastifyInstance } from 'fastify';
import { compileTemplate, type CvTemplate } from './compile.js';
import { readTemplateFolders, TEMPLATES_ROOT } from './definition.js';

/**
 * The CV templates read from `server/templates/`, compiled once. The database holds the same
 * definitions (seeded from these folders) for the API; rendering reads layouts from here.
 */
export class TemplateRegistry {
  private readonly byIdMap = new Map<number, CvTemplate>();
  private readonly bySlugMap = new Map<string, CvTemplate>();

  constructor(readonly templates: readonly CvTemplate[]) {
    for (const template of templates) {
      this.byIdMap.set(template.definition.id, template);
      this.bySlugMap.set(template.slug, template);
    }
  }

  static load(root: string = TEMPLATES_ROOT): TemplateRegistry {
    return new TemplateRegistry(readTemplateFolders(root).map((folder) => compileTemplate(folder, root)));
  }

  byId(id: number): CvTemplate | undefined {
    return this.byIdMap.get(id);
  }

  bySlug(slug: string): CvTemplate | undefined {
    return this.bySlugMap.get(slug);
  }

  /** The template that owns a field id (field ids are unique across templates). */
  byFieldId(fieldId: number): CvTemplate | undefined {
    return this.templates.find((t) => t.definition.sections.some((s) => s.input_fields.some((f) => f.id === fieldId)));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The CV templates, compiled: what renderHtml and renderDocx take. */
    cvTemplates: TemplateRegistry;
  }
}

let shared: TemplateRegistry | undefined;

/** One registry per process: templates are files that only change with a deploy. */
export function getTemplateRegistry(): TemplateRegistry {
  shared ??= TemplateRegistry.load();
  return shared;
}

/**
 * Puts the compiled templates on the app for every domain that prints or lists them (`app.cvTemplates`).
 * Registered with skip-override so the decoration reaches the root instance, not just this plugin.
 */
export async function templateRegistry(app: FastifyInstance): Promise<void> {
  app.decorate('cvTemplates', getTemplateRegistry());
}

(templateRegistry as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
