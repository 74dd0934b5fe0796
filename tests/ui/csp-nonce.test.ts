import { pageNonce, withStyleNonce } from '../../src/ui/csp-nonce';

describe('the page nonce', () => {
  it('is read from the csp-nonce meta element, and absent where no policy is served', () => {
    const doc = document.implementation.createHTMLDocument('t');
    expect(pageNonce(doc)).toBeUndefined();
    const meta = doc.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', '__CSP_NONCE__');
    doc.head.append(meta);
    expect(pageNonce(doc)).toBeUndefined(); // the build's placeholder: not served by our server
    meta.setAttribute('nonce', 'abc123==');
    expect(pageNonce(doc)).toBe('abc123==');
  });

  it("gives a rendered CV's style elements the nonce, and nothing else", () => {
    const html =
      '<html><head><style>p{}</style><style media="print">x{}</style></head><body><p>&lt;style&gt;</p></body></html>';
    expect(withStyleNonce(html, 'n0')).toBe(
      '<html><head><style nonce="n0">p{}</style><style nonce="n0" media="print">x{}</style></head><body><p>&lt;style&gt;</p></body></html>',
    );
    expect(withStyleNonce(html, undefined)).toBe(html);
  });
});
