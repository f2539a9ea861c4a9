import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { UserView } from '../../shared/schemas/users';

export interface Mailer {
  sendResetLink(user: UserView, token: string): Promise<void>;
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
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return {
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${name},\n\nA password reset was requested for your account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf you did not expect this mail, you can ignore it.\n`,
  };
}

/** Sends through SMTP_URL when set; otherwise writes each mail into the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async sendResetLink(user, token) {
      const link = resetLink(options.appUrl, token);
      const info = await transport.sendMail({ from: options.from, ...resetMail(user, link) });
      if (options.smtpUrl) {
        options.log.info({ userId: user.id }, 'reset link mailed');
        return;
      }
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-user-${user.id}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      options.log.info({ userId: user.id, file, link }, 'no SMTP_URL: reset mail written to the outbox');
    },
  };
}
