// Development: the server in watch mode and the Vite dev server (which proxies /api to it), side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, CAPTCHA_MODE: process.env.CAPTCHA_MODE ?? 'slide' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@yuan/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) {
    child.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
