// A local SMTP server for the chaos run (smtp-server, as the API's SMTP test uses): keeps every
// mail it accepts with its Message-ID, and can be "down" (refuses every connection with 421).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { freePort } from './processes.mjs';

const require = createRequire(join(root, 'api/package.json'));
const { SMTPServer } = require('smtp-server');

export async function smtpStandIn() {
  const stand = { down: false, refused: 0, mails: [], port: 0, stop: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!stand.down) return callback();
      stand.refused++;
      const err = new Error('chaos: the mail server is down');
      err.responseCode = 421;
      return callback(err);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const header = (name) =>
          new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0])?.[1]?.trim() ??
          null;
        stand.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header('Message-ID'),
          subject: header('Subject'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  stand.port = server.server.address().port;
  stand.stop = () => new Promise((resolve) => server.close(resolve));
  return stand;
}
