import { Anchor, Text } from '@mantine/core';

/** What a plain text element may say of itself: Mantine's sizes and the weights and colours the grids use. */
export interface PlainText {
  size?: 'xs' | 'sm' | 'md';
  fw?: 500 | 600 | 700;
  c?: 'red' | 'teal' | 'dimmed';
  /** Monospaced, as amounts are. */
  mono?: boolean;
}

/**
 * The classes of a Mantine Text written as a plain element (decision 232): a grid's page writes a thousand
 * of these, and a Text's own build (its style props resolved against the theme, an inline style per element)
 * was most of a page's building and styling. The look comes from Mantine's Text class and app.css.
 */
export function plainText({ size = 'md', fw, c, mono }: PlainText, ...more: (string | false | undefined)[]): string {
  return [Text.classes.root, `fz-${size}`, fw && `fw-${fw}`, c && `c-${c}`, mono && 'mono', ...more].filter(Boolean).join(' ');
}

/** The same for a link: Mantine's Anchor over its Text, underlined as the theme has every link. */
export const plainLink = (text: PlainText, ...more: (string | false | undefined)[]) =>
  plainText(text, Anchor.classes.root, 'mantine-focus-auto', ...more);
