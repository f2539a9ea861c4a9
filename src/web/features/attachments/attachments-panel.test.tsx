import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/auth-token';
import { ADMIN } from '../../testing/render';
import { mockTrpc, server } from '../../testing/msw';
import { theme } from '../../theme';
import { queryClient } from '../../trpc';
import { AttachmentsPanel } from './attachments-panel';

const SHOT = {
  id: 5,
  name: 'screenshot.png',
  type: 'image/png' as const,
  size: 68,
  sha256: 'ab',
  createdAt: '2026-11-27T01:00:00.000Z',
  createdBy: 'Ada Admin',
  createdByUserId: 1,
};

describe('AttachmentsPanel', () => {
  it("lists a file whose upload ends while the list's first read is still on its way", async () => {
    let uploaded = false;
    let releaseFirstRead = () => {};
    const firstRead = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    let reads = 0;
    mockTrpc({
      'auth.user': () => ADMIN,
      'attachments.list': async () => {
        reads += 1;
        // The first read was sent before the upload: it answers the list without the file, after the upload.
        if (reads === 1) {
          await firstRead;
          return [];
        }
        return uploaded ? [SHOT] : [];
      },
    });
    server.use(
      http.post('*/api/attachments', () => {
        uploaded = true;
        setTimeout(releaseFirstRead, 50);
        return HttpResponse.json(SHOT, { status: 201 });
      }),
      http.get(
        '*/api/attachments/5/content',
        () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
      ),
    );
    setToken('t');
    const { container } = render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <AttachmentsPanel owner={{ transactionId: 7 }} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('button', { name: 'Open screenshot.png' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Attachments (1)')).toBeTruthy();
  });
});
