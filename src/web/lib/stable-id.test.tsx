import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './stable-id';

let renders = 0;
function Labelled({ id }: { id?: string }) {
  renders++;
  const uid = useId(id);
  return <span data-testid="labelled" id={uid} />;
}

describe('stable ids (Mantine’s useId, decision 233)', () => {
  it('gives an element its id in the first render and keeps it, building it once', () => {
    renders = 0;
    const { rerender } = render(<Labelled />);
    const first = screen.getByTestId('labelled').id;
    expect(first).toMatch(/^mantine-\S+$/);
    expect(renders).toBe(1);
    rerender(<Labelled />);
    expect(screen.getByTestId('labelled').id).toBe(first);
  });

  it('takes the id it is given', () => {
    render(<Labelled id="customer-field" />);
    expect(screen.getByTestId('labelled').id).toBe('customer-field');
  });
});
