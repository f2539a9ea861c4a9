import { type CSSVariablesResolver, darken, luminance, type MantineTheme } from '@mantine/core';

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.6; // 4.5:1 with a little room for tinted backgrounds

/** The first colour of the list that passes AA on every background, or the last darkened until it does. */
function firstPassing(shades: readonly string[], ...against: string[]): string {
  const passes = (c: string) => against.every((b) => contrast(c, b) >= AA);
  const found = shades.find(passes);
  if (found) return found;
  let color = shades[shades.length - 1];
  for (let step = 1; !passes(color) && step < 10; step++) color = darken(shades[shades.length - 1], step / 10);
  return color;
}

/** The light backgrounds coloured text sits on: white cards, the page and tinted panels, striped rows. */
const LIGHT_GROUNDS = ['#ffffff', '#f1f3f5'];

/** The variables of each theme, worked out once: MantineProvider asks again on every render of its own. */
const resolved = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

/**
 * Mantine's colour variables, adjusted so that every text and badge passes WCAG AA (decision 042): white
 * on a filled colour, a light badge's text on its tint and on a hovered light button, coloured text (c="teal") on white and on the
 * striped rows; in dark mode the filled colours likewise. Mantine's own values stay wherever they pass.
 * Coloured text in dark mode (c="teal", c="red") is the darkest shade that passes on the dark cards,
 * panels and hovered rows (dark 7, 6 and 5), and the error red of every field, message and hint is the red
 * text of each scheme (Mantine's was 3.3:1 on white and 3.4:1 on a dark card; decision 095).
 */
export const contrastResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const known = resolved.get(theme);
  if (known) return known;
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const darkGrounds = [theme.colors.dark[7], theme.colors.dark[6], theme.colors.dark[5]];
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const lightFilled = firstPassing(shades.slice(7), '#ffffff');
    const tint = shades[0];
    light[`--mantine-color-${name}-filled`] = lightFilled;
    light[`--mantine-color-${name}-text`] = firstPassing([...shades.slice(7), lightFilled], ...LIGHT_GROUNDS);
    light[`--mantine-color-${name}-light`] = tint;
    // A hovered light button (Mantine: shade 2) left its text at 4.1:1; shade 1, and text that passes on it.
    light[`--mantine-color-${name}-light-hover`] = shades[1];
    light[`--mantine-color-${name}-light-color`] = firstPassing(shades.slice(9), shades[1]);
    light[`--mantine-color-${name}-outline`] = lightFilled;
    dark[`--mantine-color-${name}-filled`] = firstPassing(shades.slice(8), '#ffffff');
    // Lighter shades pass on dark grounds: from shade 6 towards shade 0.
    dark[`--mantine-color-${name}-text`] = firstPassing(shades.slice(0, 7).reverse(), ...darkGrounds);
  }
  // A link sits on hovered and striped rows too, where Mantine's was 4.47:1 (light) and 3.8:1 (dark).
  light['--mantine-color-anchor'] = light[`--mantine-color-${theme.primaryColor}-text`];
  dark['--mantine-color-anchor'] = dark[`--mantine-color-${theme.primaryColor}-text`];
  light['--mantine-color-error'] = light['--mantine-color-red-text'];
  dark['--mantine-color-error'] = dark['--mantine-color-red-text'];
  const variables = { variables: {}, light, dark };
  resolved.set(theme, variables);
  return variables;
};
