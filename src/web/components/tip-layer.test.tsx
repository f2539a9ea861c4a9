import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { TipLayer } from './tip-layer';
import { tipProps } from './tip-props';

function Page({ label = 'Edit type', button = true }: { label?: string; button?: boolean }) {
  return (
    // Mantine's test setting: no transitions, and no hiding of a tooltip whose element has no size.
    <MantineProvider theme={theme} env="test">
      {button && (
        <button type="button" {...tipProps(label)}>
          <span>Edit</span>
        </button>
      )}
      <span {...tipProps('The books are closed through 30 Jun 2026', true)}>Locked</span>
      <p>Plain text</p>
      <TipLayer />
    </MantineProvider>
  );
}

const tooltip = () => screen.queryByRole('tooltip');

describe('the shared tooltip (decision 220)', () => {
  it('shows the text of the element under the pointer, from inside it too, and hides off it', async () => {
    render(<Page />);
    expect(tooltip()).toBeNull();
    fireEvent.pointerMove(screen.getByText('Edit'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit type');
    fireEvent.pointerMove(screen.getByText('Locked'));
    await waitFor(() => expect(tooltip()?.textContent).toBe('The books are closed through 30 Jun 2026'));
    expect(tooltip()?.getAttribute('data-multiline')).toBe('true');
    fireEvent.pointerMove(screen.getByText('Plain text'));
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it('shows a changed label, and nothing for a touch', async () => {
    render(<Page label="A-Z" />);
    fireEvent.pointerMove(screen.getByText('Edit'), { pointerType: 'touch' });
    await new Promise((r) => setTimeout(r, 150));
    expect(tooltip()).toBeNull();
    fireEvent.pointerMove(screen.getByText('Edit'), { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('A-Z');
    // The page changes the label under the pointer (nothing renders the layer again).
    screen.getByText('Edit').closest('button')!.setAttribute('data-tip', 'Z-A');
    await waitFor(() => expect(tooltip()?.textContent).toBe('Z-A'));
  });

  it('goes when its element leaves the page', async () => {
    const { rerender } = render(<Page />);
    fireEvent.pointerMove(screen.getByText('Edit'));
    await screen.findByRole('tooltip');
    rerender(<Page button={false} />);
    await waitFor(() => expect(tooltip()).toBeNull());
  });
});
