import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../testing/outbox';
import { tempDir } from '../testing/test-db';
import { createMailer } from './mailer';

const user = { id: 7, email: 'sam@example.com', firstName: 'Sam', lastName: 'Staff', role: 'staff' as const };
const TOKEN = 'ResetTokenThatMustNotBeLogged_0123456789';

/** Just enough of an SMTP server to accept one mail and keep its data. */
function fakeSmtp(): Promise<{ port: number; mails: string[]; close: () => void }> {
  const mails: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      if (data !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        mails.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        data = null;
        socket.write('250 queued\r\n');
      }
      let nl: number;
      while (data === null && (nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl).toUpperCase();
        buffer = buffer.slice(nl + 2);
        if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as net.AddressInfo).port, mails, close: () => server.close() })),
  );
}

function captureLog() {
  let text = '';
  const write = (obj: object, msg: string) => (text += `${JSON.stringify({ ...obj, msg })}\n`);
  const log = { info: write, warn: write, error: write } as unknown as FastifyBaseLogger;
  return { log, text: () => text };
}

let closeSmtp: (() => void) | undefined;
afterEach(() => closeSmtp?.());

describe('reset mail', () => {
  it('goes through SMTP_URL with the link in the mail and nothing of the token in the log', async () => {
    const smtp = await fakeSmtp();
    closeSmtp = smtp.close;
    const { log, text } = captureLog();
    const outboxDir = path.join(tempDir(), 'outbox');
    const mailer = createMailer({
      appUrl: 'https://ledger.example',
      from: 'Ledger <no-reply@ledger.example>',
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir,
      log,
    });
    expect(await mailer.sendResetLink(user, TOKEN)).toEqual({ sentTo: 'email' });

    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toContain('To: sam@example.com');
    expect(smtp.mails[0]).toContain('Subject: Reset your password');
    expect(decodeQuotedPrintable(smtp.mails[0])).toContain(`https://ledger.example/reset-password?token=${TOKEN}`);
    expect(fs.existsSync(outboxDir)).toBe(false);
    expect(text()).toContain('reset link mailed');
    expect(text()).not.toContain(TOKEN.slice(0, 16));
  });

  it('without SMTP_URL writes an .eml into the outbox and logs its link (the only way to hand it over)', async () => {
    const { log, text } = captureLog();
    const outboxDir = path.join(tempDir(), 'outbox');
    const mailer = createMailer({ appUrl: 'http://localhost:3000', from: 'Ledger <no-reply@localhost>', outboxDir, log });
    const delivery = await mailer.sendResetLink(user, TOKEN);

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(delivery).toEqual({ sentTo: 'outbox', file: files[0] });
    expect(files[0]).toMatch(/-user-7\.eml$/);
    expect(fs.statSync(path.join(outboxDir, files[0])).mode & 0o777).toBe(0o600);
    expect(decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir, files[0]), 'utf8'))).toContain(`reset-password?token=${TOKEN}`);
    expect(text()).toContain(`http://localhost:3000/reset-password?token=${TOKEN}`);
  });
});
