import { config } from 'zod/v4/core';

// Zod probes whether it may compile its checks with `new Function` when a schema is built; under the
// app's content security policy (no eval) that probe is a CSP violation the browser reports on every
// page, though zod catches it. The web app's schemas are small, so zod's plain checks are as fast.
// Imported first by main.tsx, before any module builds a schema (decision 171). It takes zod's settings
// alone (`zod/v4/core`'s config, a few hundred bytes), not zod: the start-up builds no schema (decision 223).
config({ jitless: true });
