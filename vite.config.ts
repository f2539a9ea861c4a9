import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
});
