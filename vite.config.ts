import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { i18nCatalogues } from './scripts/vite-i18n';
import { precompress } from './scripts/vite-precompress';

const apiPort = process.env.API_PORT || '8000';
const apiTarget = `http://127.0.0.1:${apiPort}`;

// The dev server forwards API paths to the reference server so cookies (session, csrftoken) stay same-origin.
// Regex keys (leading ^) so that '/cv' does not also swallow the SPA route '/cv-management'.
// 'api': the OpenAPI reference at /api/docs (served by the API server in development).
const API_PATHS = ['auth', 'v1', 'cv', 'admin', 'static', 'healthz', 'api'];
const proxy = Object.fromEntries(
  API_PATHS.map((path) => [`^/${path}(/|$|\\?)`, { target: apiTarget, changeOrigin: false }]),
);

// Vendor code that every page runs, in a few long-lived chunks that change less often than the app's own code.
// A group is one chunk, loaded whole by the first page that needs any of it: only code /signin runs belongs
// here, or a lazy-only part (a Chakra dialog or menu, the phone input and its flags, the editor) would ride
// along in the first load (check dist/index.html's modulepreload list). The rest follows the automatic
// splitting, which puts each module with the pages that use it.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // Chakra's styling engine and theme; its components are left to the automatic splitting.
  {
    name: 'chakra',
    test: /node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|theme|utils|preset-base)[\\/.]|@emotion|stylis|@pandacss|next-themes)/,
  },
  { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
  // The answer decoders. axios is not here: the API client loads it with the first request.
  { name: 'data', test: /node_modules[\\/](io-ts|fp-ts)[\\/]/ },
  // The Chakra components the sign-in screen draws (and most pages reuse): one chunk compresses better than the
  // dozen of small ones the automatic splitting makes once a lazy chunk shares them.
  {
    name: 'chakra-basics',
    test: /node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|flex|stack|card|heading|text|link|icon|field|input|input-group|input-addon|input-element|group|separator|alert|spinner|button|show|client-only|center|create-split-props)[\\/]/,
  },
];

export default defineConfig({
  // precompress: a Brotli and a gzip copy of every text file in dist/, sent as they are (scripts/vite-precompress.ts).
  // i18nCatalogues: each language's messages compiled at build time (scripts/vite-i18n.ts).
  plugins: [react(), i18nCatalogues(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    proxy,
  },
  // The server puts a fresh nonce here on every page (server/src/static/spa.ts): the content security policy lets
  // only styles that carry it run inline.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17): Vite's polyfill
    // for older ones would cost every first load ~0.4 KB of script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
