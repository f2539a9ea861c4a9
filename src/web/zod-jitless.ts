// Zod probes whether it may compile its checks with `new Function` when a schema is built; under the
// app's content security policy (no eval) that probe is a CSP violation the browser reports on every
// page, though zod catches it. The web app's schemas are small, so zod's plain checks are as fast.
// Imported first by main.tsx, before any module builds a schema (decision 171). It sets zod's settings
// where zod keeps them (`globalThis.__zod_globalConfig`, which `config()` writes to and zod's core reads)
// without importing zod: the start-up then carries none of zod's code (decision 245).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
