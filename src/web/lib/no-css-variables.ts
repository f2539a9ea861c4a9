/**
 * Mantine's provider renders its CSS variables only with `withCssVariables`, which start-app.tsx turns
 * off: the variables are worked out at build time (theme-variables.css, decision 228). vite.config.ts
 * hands the provider this component instead of Mantine's, so its variables' resolver (about 1.5 KB of
 * the start-up file, brotli) does not ship to a page that never runs it (decision 257).
 */
export function MantineCssVariables(): null {
  return null;
}
