import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { UserView } from '../../shared/schemas/users';
import { ownPrivateDir, PRIVATE_FILE } from '../db/file-modes';
import { nameOrEmail } from '../../shared/names';

/** Where a reset link went: mailed, or (without SMTP_URL) written as a file into the outbox folder. */
export type ResetDelivery = { sentTo: 'email' } | { sentTo: 'outbox'; file: string };

export interface Mailer {
  sendResetLink(user: UserView, token: string): Promise<ResetDelivery>;
}

export interface MailerOptions {
  appUrl: string;
  from: string;
  smtpUrl?: string;
  /** Where mails go when there is no SMTP server: one .eml file each. */
  outboxDir: string;
  log: FastifyBaseLogger;
}

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

function resetMail(user: UserView, link: string) {
  const name = nameOrEmail(user);
  return {
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${name},\n\nA password reset was requested for your account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf you did not expect this mail, you can ignore it.\n`,
  };
}

let sequence = 0;

/**
 * Writes `data` as a new 0600 file named by the time, a sequence number and `suffix`; never replaces a
 * file (simultaneous mails in one millisecond each get their own).
 */
async function writeUnique(dir: string, suffix: string, data: Buffer): Promise<string> {
  for (;;) {
    sequence = (sequence + 1) % 1_000_000;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${String(sequence).padStart(6, '0')}-${suffix}`);
    try {
      await fs.writeFile(file, data, { mode: PRIVATE_FILE, flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Sends through SMTP_URL when set; otherwise writes each mail into the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async sendResetLink(user, token) {
      const link = resetLink(options.appUrl, token);
      const mail = { from: options.from, ...resetMail(user, link) };
      if (smtp) {
        await smtp.sendMail(mail);
        options.log.info({ userId: user.id }, 'reset link mailed');
        return { sentTo: 'email' };
      }
      const { message } = await outbox.sendMail(mail);
      // With `buffer: true` the stream transport hands the whole mail over as a Buffer.
      if (!Buffer.isBuffer(message)) throw new Error('The outbox transport did not give the mail as a buffer');
      ownPrivateDir(options.outboxDir);
      const file = await writeUnique(options.outboxDir, `user-${user.id}.eml`, message);
      options.log.info({ userId: user.id, file, link }, 'no SMTP_URL: reset mail written to the outbox');
      return { sentTo: 'outbox', file: path.basename(file) };
    },
  };
}
