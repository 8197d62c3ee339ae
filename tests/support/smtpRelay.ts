import net from 'node:net';

export interface RelayedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A stand-in for the SMTP relay outside the product: it speaks enough SMTP for nodemailer
 * (no TLS, no auth) and keeps what it was given.
 */
export async function startSmtpRelay(options: { refuseFirst?: number } = {}): Promise<{
  url: string;
  mails: RelayedMail[];
  close(): Promise<void>;
}> {
  const mails: RelayedMail[] = [];
  // A relay having a bad minute: the first sends are turned away as "try again later".
  let refusals = options.refuseFirst ?? 0;
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: RelayedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 relay.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 relay.test');
        else if (verb === 'MAIL' && refusals > 0) {
          refusals -= 1;
          reply('451 4.3.0 Try again later');
        } else if (verb === 'MAIL') {
          current.from = line.slice(10);
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
