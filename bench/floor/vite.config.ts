import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds one of the floor entries (FLOOR_ENTRY: main.tsx or main-axios.tsx) as a single chunk. bench/builder.ts runs it. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: { input: `${import.meta.dirname}/${process.env.FLOOR_ENTRY ?? 'main.tsx'}` },
  },
});
