/**
 * Mantine's Tooltip on its own, for tip.tsx and the shared tooltip (tip-layer.tsx) to load after the
 * first paint: the header's tooltips, menu and dialog and Floating UI under them were a tenth of the
 * start-up code, and nothing floats before a pointer or a key asks for it (decisions 217, 220).
 */
export { Tooltip } from '@mantine/core';
