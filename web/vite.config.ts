/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: { sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // A shared 2-core machine: Mantine in jsdom plus userEvent typing can be slow under load.
    testTimeout: 20000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
