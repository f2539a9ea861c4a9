// First: zod is configured before any imported module builds a schema.
import './zod-jitless';
// The first paint's Mantine rules only; the rest load with the screens (lib/screen-styles.ts, decision 198).
import './styles/first-paint.css';
import './styles/app.css';
// The theme's variables, worked out at build time rather than by the provider at start-up (decision 228).
import './styles/theme-variables.css';
import { startApp } from './start-app';

// In a task of its own: evaluating the start-up file (React's DOM code, Mantine) and the app's start (the
// router's load, React's first render) were one long task on a phone (decision 252).
setTimeout(() => startApp(document.getElementById('root')!), 0);
