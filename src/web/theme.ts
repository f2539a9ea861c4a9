import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo 6 is 4.3:1; shade 7 (light) and 8 (dark) pass 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // A link inside text is told apart by more than its colour (axe: link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    // Every dialog's close button has a name (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Typing in a list highlights the first match, so Enter chooses it instead of submitting the form.
    Select: { defaultProps: { selectFirstOptionOnChange: true } },
  },
});
