// The only module that reads Vite's environment. Values are optional: the app runs without any.

function flag(value: unknown): boolean {
  return value === '1' || value === 'true';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const env = {
  /** API root; empty means same origin (the server serves the SPA, Vite's dev server proxies). */
  apiBaseUrl: text(import.meta.env.VITE_API_BASE_URL) ?? '',
  xstateInspect: flag(import.meta.env.VITE_XSTATE_INSPECT),
  googleClientId: text(import.meta.env.VITE_GOOGLE_CLIENT_ID),
  linkedinClientId: text(import.meta.env.VITE_LINKEDIN_CLIENT_ID),
  /** Server-side admin panel where staff and superusers are sent (ARCHITECTURE.md). */
  adminUrl: text(import.meta.env.VITE_ADMIN_URL) ?? '/admin/',
} as const;
