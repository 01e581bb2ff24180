import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the server received it. */
  data: string;
}

export interface SmtpTestServerOptions {
  /** Refuse every recipient (a delivery that fails). */
  rejectRecipients?: boolean;
  /** Hold the answer to each message this long (a slow mail server). */
  delayMs?: number;
}

/** A real SMTP server on a free port of 127.0.0.1 that keeps what it receives. */
export function startSmtpTestServer(options: SmtpTestServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        setTimeout(() => callback(), options.delayMs ?? 0);
      });
    },
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
