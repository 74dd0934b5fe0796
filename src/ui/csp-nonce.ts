/**
 * The nonce the server gave this page for its inline styles (server/src/static/spa.ts writes it on the csp-nonce meta
 * element; browsers expose it only as the `nonce` property). Undefined in development and tests, where no policy is
 * served.
 */
export function pageNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/**
 * A rendered CV shown in the sandboxed srcdoc preview frame inherits the page's content security policy: its
 * stylesheet (the server's own `<style>`, never the person's text, which is escaped) gets the page's nonce.
 */
export function withStyleNonce(html: string, nonce: string | undefined): string {
  return nonce ? html.replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`) : html;
}
