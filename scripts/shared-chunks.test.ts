import { describe, expect, it } from 'vitest';
import { sharedChunkNames, type SharedModule, signInChunkName } from './shared-chunks';

const ALL = ['dashboard', 'history', 'types', 'books'];
const mod = (id: string, size: number, screens: string[], imports: string[] = []): SharedModule => ({ id, size, screens, imports });
const chunks = (names: Map<string, string>) => Object.fromEntries([...names].sort(([a], [b]) => a.localeCompare(b)));

describe('the screens’ shared chunks (decision 253)', () => {
  it('puts what every screen paints with in `shared`, and a large part only some screens use in a chunk of its own', () => {
    const names = sharedChunkNames(
      [
        mod('table.ts', 50_000, ALL),
        mod('grid.tsx', 30_000, ALL),
        mod('notes.tsx', 90_000, ['history', 'types']),
        mod('dialog-part.tsx', 4_000, []),
      ],
      10_000,
    );
    expect(chunks(names)).toEqual({
      'dialog-part.tsx': 'on-demand',
      'grid.tsx': 'shared',
      'notes.tsx': 'shared-1',
      'table.ts': 'shared',
    });
  });

  it('joins a small part into the chunk its screens fetch anyway when a file of its own costs them more', () => {
    // 3,000 of code a file of its own (cost 10,000 each to two screens) joins `shared` (3,000 each to the other two).
    const small = sharedChunkNames([mod('table.ts', 50_000, ALL), mod('money.tsx', 3_000, ['dashboard', 'books'])], 10_000);
    expect(small.get('money.tsx')).toBe('shared');
    // 40,000 stays apart: joined, the two screens that do not use it would fetch 80,000 more to save 20,000.
    const large = sharedChunkNames([mod('table.ts', 50_000, ALL), mod('money.tsx', 40_000, ['dashboard', 'books'])], 10_000);
    expect(large.get('money.tsx')).toBe('shared-1');
  });

  it('joins chunks that would import each other, so neither runs before what it reads from the other', () => {
    const modules = [
      mod('table.ts', 50_000, ALL),
      mod('notes.tsx', 90_000, ['history', 'types'], ['chart.tsx']),
      mod('chart.tsx', 90_000, ['dashboard', 'history'], ['notes-format.ts']),
      mod('notes-format.ts', 90_000, ['history', 'types']),
    ];
    const names = sharedChunkNames(modules, 10_000);
    expect(names.get('notes.tsx')).toBe(names.get('chart.tsx'));
    expect(names.get('chart.tsx')).toBe(names.get('notes-format.ts'));
    expect(names.get('table.ts')).toBe('shared');
    expect(names.get('chart.tsx')).not.toBe('shared');
  });

  it("plans the sign-in pages' modules too: what most screens paint with is `inputs`, the pages' own parts `sign-in` (decision 257)", () => {
    const names = sharedChunkNames(
      [
        mod('input.tsx', 40_000, [...ALL, 'login', 'reset-password']),
        mod('second-step.tsx', 30_000, ['login']),
        mod('password-input.tsx', 20_000, ['login', 'reset-password', 'profile']),
      ],
      10_000,
      signInChunkName,
    );
    expect(chunks(names)).toEqual({ 'input.tsx': 'inputs', 'password-input.tsx': 'sign-in', 'second-step.tsx': 'sign-in-1' });
  });
});
