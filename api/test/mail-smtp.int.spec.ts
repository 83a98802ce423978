// The SMTP path of the mail module, against a local SMTP stand-in (smtp-server) the real
// nodemailer transport is pointed at.
import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createUser } from './support/factories.js';

jest.setTimeout(60_000);

interface Received {
  from: string;
  to: string[];
  raw: string;
  acceptedAt: number;
}

let t: TestApp;
let smtp: SMTPServer;
const received: Received[] = [];
const accepted = new EventEmitter();
/** How long the stand-in takes to accept a mail: a slow SMTP server. */
const SMTP_DELAY_MS = 2000;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            acceptedAt: Date.now(),
          });
          callback();
          accepted.emit('mail');
        }, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Circo <hola@circo.test>',
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Resolves when the stand-in has accepted a mail to `to` (or at once if it already has). */
function acceptedMail(to: string): Promise<Received> {
  return new Promise((resolve) => {
    const check = () => {
      const mail = received.find((m) => m.to.includes(to));
      if (mail) resolve(mail);
      else accepted.once('mail', check);
    };
    check();
  });
}

it('sends the reset e-mail through SMTP, in the requested language, with a working link', async () => {
  const user = await createUser(t.db);
  const res = await request(t.app.getHttpServer())
    .post('/api/auth/forgot-password')
    .send({ email: user.email, lang: 'fr' });
  expect(res.status).toBe(200);
  const mail = await acceptedMail(user.email);
  expect(mail.from).toBe('hola@circo.test');
  expect(mail.to).toEqual([user.email]);
  expect(mail.raw).toMatch(
    /Subject: =\?UTF-8\?Q\?R=C3=A9initialiser_votre_mot_de_passe\?=|Subject: Réinitialiser votre mot de passe/,
  );
  const token = /reset-password\/([A-Za-z0-9_-]{20,})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
  expect(token).toBeDefined();
  const reset = await request(t.app.getHttpServer())
    .post(`/api/auth/reset-password/${token}`)
    .send({ newPassword: 'ViaSmtp123' });
  expect(reset.status).toBe(200);
});

it('answers forgot-password before the slow SMTP server has accepted the mail, which still arrives', async () => {
  const user = await createUser(t.db);
  const server = t.app.getHttpServer();
  const started = Date.now();
  const known = await request(server).post('/api/auth/forgot-password').send({ email: user.email });
  const answeredAt = Date.now();
  const unknown = await request(server)
    .post('/api/auth/forgot-password')
    .send({ email: `nobody-${started}@circo.test` });
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(known.body).toEqual(unknown.body);
  // the answer did not wait for the mail: the server takes SMTP_DELAY_MS to accept it
  expect(answeredAt - started).toBeLessThan(SMTP_DELAY_MS);
  const mail = await acceptedMail(user.email);
  expect(mail.acceptedAt).toBeGreaterThan(answeredAt);
  expect(mail.raw).toContain('reset-password/');
});
