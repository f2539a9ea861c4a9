import fs from 'node:fs';
import path from 'node:path';
import { THEME_VARIABLES_FILE, themeVariablesCss } from '../src/web/theme-variables';

/** `npm run theme:css`: writes the theme's CSS variables (src/web/theme-variables.ts, decision 228). */
fs.writeFileSync(path.resolve(import.meta.dirname, '..', THEME_VARIABLES_FILE), themeVariablesCss());
console.log(`wrote ${THEME_VARIABLES_FILE}`);
