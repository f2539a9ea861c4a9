import fs from 'node:fs';
import path from 'node:path';

// screens.css lists Mantine's per-component sheets by hand (decision 219). This check, run by
// `npm run build`, fails when a Mantine class the built JavaScript can render has no rules in the built
// CSS (a component used without its file), when the list repeats a sheet of first-paint.css (decision
// 257), and when the list leaves Mantine's order (a component's rules must come after those of the parts
// it is built on).
const root = path.resolve(import.meta.dirname, '..');
const assets = path.join(root, 'dist/web/assets');
const files = fs.readdirSync(assets);
const read = (ext: string) => files.filter((f) => f.endsWith(ext)).map((f) => fs.readFileSync(path.join(assets, f), 'utf8'));
const classes = (text: string) => new Set(text.match(/m_[0-9a-f]{8}/g) ?? []);

const styled = classes(read('.css').join('\n'));
const missing = [...classes(read('.js').join('\n'))].filter((c) => !styled.has(c));
const mantine = path.join(root, 'node_modules/@mantine/core');
const sheetOf = (cls: string) =>
  fs
    .readdirSync(path.join(mantine, 'styles'))
    .filter((f) => f.endsWith('.layer.css') && fs.readFileSync(path.join(mantine, 'styles', f), 'utf8').includes(cls))
    .join(', ') || 'a sheet outside @mantine/core';
if (missing.length) {
  const sheets = [...new Set(missing.map(sheetOf))];
  console.error(
    `FAIL: ${missing.length} Mantine class(es) in the JavaScript have no rules in the CSS; add to src/web/styles/screens.css: ${sheets.join('; ')}`,
  );
  process.exit(1);
}

const complete = fs.readFileSync(path.join(mantine, 'styles.layer.css'), 'utf8');
const listed = [
  ...fs
    .readFileSync(path.join(root, 'src/web/styles/screens.css'), 'utf8')
    .matchAll(/@import '@mantine\/core\/styles\/([\w-]+\.layer\.css)'/g),
].map((m) => m[1]);
const at = (file: string) => {
  const body = fs
    .readFileSync(path.join(mantine, 'styles', file), 'utf8')
    .replace(/^@layer mantine \{/, '')
    .trim();
  return complete.indexOf(body.slice(0, 60));
};
// A first-paint component's rules once, in first-paint.css: repeated here they cost every screen their
// bytes again before its first paint (decision 257).
const firstPaint = new Set(
  [
    ...fs
      .readFileSync(path.join(root, 'src/web/styles/first-paint.css'), 'utf8')
      .matchAll(/@import '@mantine\/core\/styles\/([\w-]+\.layer\.css)'/g),
  ].map((m) => m[1]),
);
const repeated = listed.filter((file) => firstPaint.has(file));
if (repeated.length) {
  console.error(`FAIL: src/web/styles/screens.css repeats first-paint.css's ${repeated.join(', ')}`);
  process.exit(1);
}
const places = listed.map(at);
const outOfOrder = listed.find((file, i) => places[i] < 0 || (i > 0 && places[i] < places[i - 1]));
if (outOfOrder) {
  console.error(
    `FAIL: src/web/styles/screens.css lists ${outOfOrder} out of Mantine's order (node_modules/@mantine/core/styles.layer.css)`,
  );
  process.exit(1);
}
console.log(
  `Mantine styles: ${styled.size} classes in the CSS cover the JavaScript's; screens.css lists ${listed.length} components in Mantine's order`,
);
