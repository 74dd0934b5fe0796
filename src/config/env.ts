// The only module that reads Vite's environment. Values are optional: the app runs without any.

function flag(value: unknown): boolean {
  return value === '1' || value === 'true';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

// Outside Vite (a script run with tsx, e.g. bench/builder.ts) there is no import.meta.env: every value is unset.
const viteEnv: Partial<Record<string, unknown>> = import.meta.env ?? {};

export const env = {
  /** API root; empty means same origin (the server serves the SPA, Vite's dev server proxies). */
  apiBaseUrl: text(viteEnv.VITE_API_BASE_URL) ?? '',
  xstateInspect: flag(viteEnv.VITE_XSTATE_INSPECT),
  googleClientId: text(viteEnv.VITE_GOOGLE_CLIENT_ID),
  linkedinClientId: text(viteEnv.VITE_LINKEDIN_CLIENT_ID),
  /** Server-side admin panel where staff and superusers are sent (docs/features/admin-panel.md). */
  adminUrl: text(viteEnv.VITE_ADMIN_URL) ?? '/admin/',
} as const;
