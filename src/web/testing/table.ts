import { screen, within } from '@testing-library/react';

/** The body rows of the table named `label`, each as its cells' texts. */
export function tableRows(label: string): string[][] {
  return within(screen.getByRole('table', { name: label }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? ''));
}
