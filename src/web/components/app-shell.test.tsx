import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockTrpc } from '../testing/msw';
import { mediaQueryList } from '../testing/media';
import { ADMIN, renderApp } from '../testing/render';

afterEach(() => {
  window.matchMedia = (query: string) => mediaQueryList(query);
});

describe('The sidebar on a phone', () => {
  it('builds its links when the menu opens, not with every screen', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, true);
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [] });
    renderApp('/casinos');
    expect(await screen.findByText('No casinos yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Customers' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Toggle navigation'));
    expect((await screen.findByRole('link', { name: 'Customers' })).getAttribute('href')).toBe('/customers');
    expect(screen.getByRole('link', { name: 'Deleted Transactions' })).toBeTruthy();
  });
});

describe('The shell', () => {
  it('is never marked as resizing, so the browser does not style the whole screen again after its first paint', async () => {
    const marks: string[] = [];
    const watch = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') marks.push(`${r.attributeName} changed`);
        for (const node of r.addedNodes)
          if (node instanceof Element && (node.matches('[data-resizing]') || node.querySelector('[data-resizing]')))
            marks.push('added marked');
      }
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-resizing', 'id'] });
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [] });
    renderApp('/casinos');
    expect(await screen.findByText('No casinos yet')).toBeTruthy();
    // Mantine takes its mark off 200 ms after the shell mounts, and gives the shell a new id once mounted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    watch.disconnect();
    expect(document.getElementById('app-shell')?.hasAttribute('data-resizing')).toBe(false);
    expect(marks.filter((m) => m !== 'id changed' || document.getElementById('app-shell') === null)).toEqual([]);
  });
});
