/**
 * What an element carries to get the shared tooltip (tip-layer.tsx) instead of a Mantine Tooltip of its
 * own: its text, and whether the text wraps at 260 px. A grid's rows use it: forty tooltips on a screen
 * were forty Floating UI hooks built with the rows, for a tooltip one pointer shows at a time (decision 220).
 */
export const tipProps = (label: string, wide = false): { 'data-tip': string; 'data-tip-wide'?: '' } =>
  wide ? { 'data-tip': label, 'data-tip-wide': '' } : { 'data-tip': label };
