/**
 * The paths the server answers itself; the SPA never answers them (an unknown one is a 404 JSON, not index.html) and
 * an answer under them that sets no caching of its own is not stored (security-headers.ts).
 */
export const API_PREFIXES = [
  // The API (auth, v1, cv) and the admin pages.
  '/auth',
  '/v1',
  '/cv',
  '/admin',
  // Probes.
  '/healthz',
  '/readyz',
  // Template icons (/static/templates/<slug>/icon.png).
  '/static',
  // The OpenAPI reference (/api/docs, with API_DOCS=1).
  '/api',
  // The public pages of share links (/s/<slug>, its PDF and picture): server-rendered, never the SPA.
  '/s',
  // The Pact provider-state URL of a server in test mode.
  '/_pact',
] as const;

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
