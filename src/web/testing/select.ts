import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

const input = (label: string) => screen.findByLabelText<HTMLInputElement>(label, { selector: 'input' });

/** Picks an option of a Mantine Select by the field's label and the option's text. */
export async function choose(label: string, option: string): Promise<void> {
  const field = await input(label);
  fireEvent.click(field);
  const item = await screen.findByRole('option', { name: option, hidden: true });
  fireEvent.click(item);
  await waitFor(() => expect(field.value).toBe(option));
}

export const fieldValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' }).value;

/** The option texts a Select currently offers (its own listbox only). */
export async function optionsOf(label: string): Promise<string[]> {
  const field = await input(label);
  fireEvent.click(field);
  await waitFor(() => expect(document.getElementById(field.getAttribute('aria-controls') ?? '')).not.toBeNull());
  const list = document.getElementById(field.getAttribute('aria-controls')!)!;
  return [...list.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? '');
}
