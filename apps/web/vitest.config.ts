import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** What the web's test projects share; the root config names them and says which files each runs. */
export default defineProject({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/no-motion.ts', 'src/test/setup.ts'],
    // Above the 10 s async wait of the setup file, so a slow wait reports what it waited for, not a timeout.
    testTimeout: 30_000,
  },
});
