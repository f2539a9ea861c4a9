/** A module the screens share: its size (its code's length) and the screens whose first paint imports it. */
export interface SharedModule {
  id: string;
  size: number;
  screens: readonly string[];
  /** The modules it imports (of a package's index, the parts it names). */
  imports: readonly string[];
}

/** What one more file costs a screen's first load, in characters of code: about 8 KB on the line (brotli). */
export const FILE_COST = 80000;

interface Group {
  screens: Set<string>;
  size: number;
  ids: string[];
}

/** Groups as one: the screens that use any of them, their code, their modules. */
const joined = (parts: Group[]): Group => ({
  screens: new Set(parts.flatMap((g) => [...g.screens])),
  size: parts.reduce((sum, g) => sum + g.size, 0),
  ids: parts.flatMap((g) => g.ids),
});

/** What joining two groups changes for the screens: the part each did not use, less a file for those using both. */
function joinCost(a: Group, b: Group, fileCost: number): number {
  let cost = 0;
  for (const screen of new Set([...a.screens, ...b.screens])) {
    const [inA, inB] = [a.screens.has(screen), b.screens.has(screen)];
    cost += inA && inB ? -fileCost : inA ? b.size : a.size;
  }
  return cost;
}

/** The two groups whose joining costs the screens least, joined while that saves. */
function joinWhileSaving(start: Group[], fileCost: number): Group[] {
  let groups = start;
  for (;;) {
    let best: { i: number; j: number; cost: number } | null = null;
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++) {
        const cost = joinCost(groups[i], groups[j], fileCost);
        if (!best || cost < best.cost) best = { i, j, cost };
      }
    if (!best || best.cost > 0) return groups;
    const pair = [groups[best.i], groups[best.j]];
    groups = [...groups.filter((_, k) => k !== best.i && k !== best.j), joined(pair)];
  }
}

/**
 * Groups that import each other, joined: two chunks importing each other run in an order one of them does
 * not expect (a module reads another's export before it is set). Tarjan's strongly connected components of
 * the groups' imports.
 */
function withoutCycles(groups: Group[], modules: readonly SharedModule[]): Group[] {
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => group.ids.forEach((id) => groupOf.set(id, index)));
  const edges = groups.map(() => new Set<number>());
  for (const m of modules) {
    const from = groupOf.get(m.id);
    if (from === undefined) continue;
    for (const dep of m.imports) {
      const to = groupOf.get(dep);
      if (to !== undefined && to !== from) edges[from].add(to);
    }
  }
  const order: number[] = new Array(groups.length).fill(-1);
  const low: number[] = new Array(groups.length).fill(0);
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    order[v] = low[v] = counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges[v]) {
      if (order[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack.has(w)) low[v] = Math.min(low[v], order[w]);
    }
    if (low[v] === order[v]) {
      const component: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  groups.forEach((_, v) => order[v] === -1 && visit(v));
  return components.map((component) => joined(component.map((v) => groups[v])));
}

/**
 * The chunk each module the screens share goes into (decision 253). One shared chunk made every screen
 * fetch all of it, about half of it code the screen does not run (on a phone's slow line the largest paint
 * waits for the last byte). Modules used by the same screens start as one group; the two groups whose
 * joining costs the screens least (a group costs a screen that uses it its size, and FILE_COST a file) are
 * joined while that saves. The group most screens use is `shared`, the others `shared-1`, `shared-2`...
 * (more screens first, then larger), or as `chunkName` names them by that order; what no screen paints
 * with (a dialog's parts) is `on-demand`.
 */
export function sharedChunkNames(
  modules: readonly SharedModule[],
  fileCost = FILE_COST,
  chunkName = (index: number) => (index === 0 ? 'shared' : `shared-${index}`),
): Map<string, string> {
  const byScreens = new Map<string, Group>();
  const later: string[] = [];
  const sorted = [...modules].sort((a, b) => a.id.localeCompare(b.id));
  for (const m of sorted) {
    if (m.screens.length === 0) {
      later.push(m.id);
      continue;
    }
    const key = [...m.screens].sort().join(',');
    const group = byScreens.get(key) ?? { screens: new Set(m.screens), size: 0, ids: [] };
    group.size += m.size;
    group.ids.push(m.id);
    byScreens.set(key, group);
  }
  let groups = [...byScreens.values()];
  // Joining can close a loop of imports through a third group, and joining a loop can make two groups
  // worth joining: both again until neither changes anything.
  for (let count = -1; count !== groups.length;) {
    count = groups.length;
    groups = withoutCycles(joinWhileSaving(groups, fileCost), sorted);
  }
  groups.sort((a, b) => b.screens.size - a.screens.size || b.size - a.size || a.ids[0].localeCompare(b.ids[0]));
  const names = new Map<string, string>();
  groups.forEach((group, index) => {
    for (const id of group.ids) names.set(id, chunkName(index));
  });
  for (const id of later) names.set(id, 'on-demand');
  return names;
}

/** The sign-in pages' chunks, planned by the same rule (decision 257): `inputs`, the one most screens use too, then `sign-in`, `sign-in-1`... */
export const signInChunkName = (index: number) => (index === 0 ? 'inputs' : index === 1 ? 'sign-in' : `sign-in-${index - 1}`);
