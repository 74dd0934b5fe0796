import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT || '8000';
const apiTarget = `http://127.0.0.1:${apiPort}`;

// The dev server forwards API paths to the reference server so cookies (session, csrftoken) stay same-origin.
// Regex keys (leading ^) so that '/cv' does not also swallow the SPA route '/cv-management'.
const API_PATHS = ['auth', 'v1', 'cv', 'admin', 'static', 'healthz'];
const proxy = Object.fromEntries(
  API_PATHS.map((path) => [`^/${path}(/|$|\\?)`, { target: apiTarget, changeOrigin: false }]),
);

function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/(@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|next-themes)\//.test(id)) return 'chakra';
  if (/node_modules\/(@tanstack)\//.test(id)) return 'router';
  if (/node_modules\/(xstate|@xstate)\//.test(id)) return 'xstate';
  if (/node_modules\/(axios|io-ts|fp-ts)\//.test(id)) return 'data';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    proxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
      },
    },
  },
});
