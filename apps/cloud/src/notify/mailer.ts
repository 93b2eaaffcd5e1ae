import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * E-mail through SMTP when `SMTP_URL` is set (e.g. smtps://user:pass@smtp.example.com), else
 * written to the log. Sending never fails the call that triggered it.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from?: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const from = options.from ?? 'Hainiao Support <support@hainiao.local>';
  return {
    async send(mail) {
      if (mail.to.length === 0) return;
      if (!transport) {
        options.log.info(
          { to: mail.to, subject: mail.subject },
          'mail (no SMTP_URL configured, not sent)',
        );
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        options.log.warn({ err: error, subject: mail.subject }, 'mail could not be sent');
      }
    },
  };
}
