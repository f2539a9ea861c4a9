interface Fiber {
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

/**
 * How many instances of a Mantine component (by its display name, "@mantine/core/Modal") React has built
 * under `container`, shown or not: what a screen costs to build, which its DOM alone does not tell (a
 * closed Modal puts nothing in the page).
 */
export function countBuilt(container: HTMLElement, displayName: string): number {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
  if (!key) throw new Error('countBuilt: no React root in this container');
  const stack: (Fiber | null)[] = [(container as unknown as Record<string, Fiber>)[key]];
  let count = 0;
  while (stack.length > 0) {
    const fiber = stack.pop();
    if (!fiber) continue;
    const type = fiber.type as { displayName?: string } | null;
    if (type && typeof type === 'object' && type.displayName === displayName) count++;
    if (typeof type === 'function' && (type as { displayName?: string }).displayName === displayName) count++;
    stack.push(fiber.sibling, fiber.child);
  }
  return count;
}
