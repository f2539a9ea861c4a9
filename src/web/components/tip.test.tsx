import { Button, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { Tip } from './tip';

// How many times Mantine's Tooltip code (floating.ts) was fetched.
const fetched = vi.hoisted(() => ({ count: 0 }));
vi.mock('./floating', async (importOriginal) => {
  fetched.count += 1;
  return importOriginal();
});

describe('a hover-only Tip (decision 250)', () => {
  it("fetches the tooltip's code at a mouse's first move, not a touch's, then shows on hover", async () => {
    // The tooltip suspends until a mouse moves: React's act must be awaited for it.
    await act(async () => {
      render(
        // Mantine's test setting: no transitions.
        <MantineProvider theme={theme} env="test">
          <Tip label="Next Casino Alt+N">
            <Button>Next Casino</Button>
          </Tip>
        </MantineProvider>,
      );
    });
    const button = screen.getByRole('button', { name: 'Next Casino' });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetched.count).toBe(0);
    fireEvent.pointerMove(button, { pointerType: 'touch' });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetched.count).toBe(0);

    await act(async () => {
      fireEvent.pointerMove(button, { pointerType: 'mouse' });
    });
    await waitFor(() => expect(fetched.count).toBe(1));
    // The button is the same one, now with its tooltip.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next Casino' })).not.toBe(button));
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Next Casino' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Next Casino Alt+N');
  });
});
