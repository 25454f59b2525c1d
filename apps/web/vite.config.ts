import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Vendor groups: React and the router change rarely, so they get their own long-cached chunk; antd and its
 * rc-* / css-in-js helpers form another. Everything route-specific stays in the lazy route chunks.
 */
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 20,
  },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 15 },
];

/**
 * Blockly loads its sprites, sounds and cursors by file name from one folder (its `media` option, otherwise a
 * Google demo server). The build copies the package's folder to /blockly-media/ and the dev server serves it there.
 */
const MEDIA_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.cur': 'image/x-icon',
  '.mp3': 'audio/mpeg',
};

function blocklyMedia(): Plugin {
  const folder = join(dirname(createRequire(import.meta.url).resolve('blockly')), 'media');
  const files = () => readdirSync(folder).filter((name) => /^[\w.-]+$/.test(name));
  return {
    name: 'blockly-media',
    configureServer(server) {
      server.middlewares.use('/blockly-media/', (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!files().includes(name)) {
          next();
          return;
        }
        response.setHeader('content-type', MEDIA_TYPES[extname(name)] ?? 'application/octet-stream');
        response.end(readFileSync(join(folder, name)));
      });
    },
    generateBundle() {
      for (const name of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `blockly-media/${name}`,
          source: readFileSync(join(folder, name)),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), blocklyMedia()],
  server: {
    port: 5173,
    // ws: the web chat's socket (/api/webchat/ws) goes through the same proxy.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads the manifest to measure the login route's initial JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
