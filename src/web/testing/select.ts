import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

const input = (label: string) => screen.findByLabelText<HTMLInputElement>(label, { selector: 'input' });

/** Opens a Mantine Select and returns its own listbox's options (fast: no accessibility-tree walk). */
async function openOptions(label: string): Promise<{ field: HTMLInputElement; options: HTMLElement[] }> {
  const field = await input(label);
  // A click focuses the field first, as in a browser: the Select builds its list on focus (components/select.tsx).
  fireEvent.focus(field);
  fireEvent.click(field);
  let options: HTMLElement[] = [];
  await waitFor(() => {
    const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
    options = list ? [...list.querySelectorAll<HTMLElement>('[role="option"]')] : [];
    expect(options.length).toBeGreaterThan(0);
  });
  return { field, options };
}

/** Picks an option of a Mantine Select by the field's label and the option's text. */
export async function choose(label: string, option: string): Promise<void> {
  let field: HTMLInputElement | undefined;
  await waitFor(async () => {
    const opened = await openOptions(label);
    field = opened.field;
    const item = opened.options.find((o) => o.textContent === option);
    expect(item, `option ${option} of ${label}`).toBeTruthy();
    fireEvent.click(item!);
  });
  await waitFor(() => expect(field!.value).toBe(option));
}

export const fieldValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' }).value;

/** The option texts a Select currently offers. */
export async function optionsOf(label: string): Promise<string[]> {
  return (await openOptions(label)).options.map((o) => o.textContent ?? '');
}
