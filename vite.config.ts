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

// Vendor code in a few long-lived chunks that change less often than the app's own code.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'chakra',
    test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|next-themes)[\\/]/,
  },
  { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](axios|io-ts|fp-ts)[\\/]/ },
  // Country metadata and flags for the phone inputs: large, and only the forms with a phone field need it.
  { name: 'phone', test: /node_modules[\\/](react-phone-number-input|libphonenumber-js|country-flag-icons|input-format)[\\/]/ },
];

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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
