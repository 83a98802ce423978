import request from 'supertest';
import type { TestApp } from '../support/test-app.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A call to /api<path> with the admin's token (and a JSON body when given). */
export function call(t: TestApp, token: string, method: Method, path: string, body?: object) {
  const server = request(t.app.getHttpServer());
  const req = server[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
  return body === undefined ? req : req.send(body);
}

export const text = (es: string, en = '', fr = '') => ({ es, en, fr });

/** A full course body that passes the course rule. */
export const courseBody = (name = 'Curso de telas') => ({
  title: text(name, `${name} (en)`),
  description: text(`<p>Sobre ${name}</p>`, `<p>About ${name}</p>`),
  price: 49.9,
  image: text('https://res.example.com/ImagenesCursos/a.jpg'),
});

export const formationBody = (name = 'Formación de instructores') => ({
  title: text(name, `${name} (en)`),
  description: text(`<p>Sobre ${name}</p>`),
  price: 0,
  image: text('https://res.example.com/ImagenesCursos/f.jpg'),
});

export const classBody = (name = 'Clase 1') => ({
  title: text(name),
  content: text(`<p>Contenido de ${name}</p>`),
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

export const voucherBody = (targetId: string) => ({
  name: text('Bono de otoño', 'Autumn voucher', 'Bon d’automne'),
  description: text('Veinte por ciento'),
  percentage: 20,
  amount: 0,
  startDate: day(-1),
  endDate: day(10),
  type: 'course',
  targetItems: [{ _id: targetId }],
});

export const presentialBody = () => ({
  title: text('Taller', 'Workshop', 'Atelier'),
  description: text('Descripción', 'Description', 'Description'),
  location: text('Madrid', 'Madrid', 'Madrid'),
  dateType: 'single',
  singleDate: '2031-05-01',
  time: '10:00 a 14:00',
  registrationLink: 'https://forms.example.com/taller',
});
