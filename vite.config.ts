import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';
const ADMIN_CODE = /\/web\/(routes|features)\/admin\//;

// The web app lives in web/ and is built into dist/web/, which the Fastify server serves.
// In development (`npm run dev:web`) Vite proxies the API and uploads to that server.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: `npm run bench` reads the player routes' chunks from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks of admin screens (and chunks made only of admin code) go to assets/admin/, so
        // anyone can check that player pages never load them: index.html and the player chunks
        // must not import from that folder. Admin code lives under web/routes/admin/ or
        // web/features/admin/.
        chunkFileNames(chunk) {
          const facade = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
          const ids = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
          const isAdmin =
            ADMIN_CODE.test(facade) || (ids.length > 0 && ids.every((id) => ADMIN_CODE.test(id)));
          return isAdmin ? 'assets/admin/[name]-[hash].js' : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
});
