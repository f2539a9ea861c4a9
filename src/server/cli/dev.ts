import { spawn } from 'node:child_process';

// `npm run dev`: the API (restarting on change) on API_PORT and Vite's dev server, which proxies to it.
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
