// The demo student for `bench/web-perf.mjs`: signed in in a Chromium that Lighthouse attaches to
// (`--port`, storage kept), with one course in her cart and one completed course's certificate.
import { chromium } from '@playwright/test';

/**
 * The demo student completes one of her courses (every class marked done, as the viewer does)
 * and gets its certificate from the durable job: its code.
 */
async function earnCertificate(base, token, courseId) {
  const auth = { Authorization: `Bearer ${token}` };
  const me = await (await fetch(`${base}/api/auth/perfil`, { headers: auth })).json();
  const course = await (
    await fetch(`${base}/api/learning/courses/${courseId}?lang=es`, { headers: auth })
  ).json();
  for (const c of course.classes) {
    const res = await fetch(`${base}/api/users/${me._id}/progreso-curso/${courseId}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ classId: c._id, lang: 'es' }),
    });
    if (!res.ok) throw new Error(`marking a class done answered ${res.status}`);
  }
  for (let i = 0; i < 300; i++) {
    const mine = await (await fetch(`${base}/api/users/me/certificates`, { headers: auth })).json();
    const issued = mine.find((c) => c.itemId === courseId);
    if (issued) return issued.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no certificate was issued within a minute');
}
/**
 * A Chromium signed in as the demo student, for Lighthouse to attach to, with one of `courses` (the
 * visible ones) in her cart; her pages, and the code of her certificate.
 */
export async function signedInStudent(base, chromePath, debugPort, courses) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'alumno@circo.local', password: 'Alumno1234' }),
  });
  const { token } = await login.json();
  const bought = await (
    await fetch(`${base}/api/users/mis-compras`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  const active = (list, key) => list.find((p) => !p.expired)?.[key];
  const expired = (list, key) => list.find((p) => p.expired)?.[key];
  const owned = new Set([...bought.cursos.map((c) => c.courseId)]);
  const toBuy = courses.find((c) => !owned.has(c._id));
  const chrome = await chromium.launch({
    executablePath: chromePath,
    args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu'],
  });
  const certificate = await earnCertificate(base, token, active(bought.cursos, 'courseId'));
  const page = await chrome.newPage();
  await page.goto(`${base}/mantenimiento`);
  await page.evaluate(
    ({ token, item }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('lang', 'es');
      localStorage.setItem('cart', JSON.stringify({ state: { items: [item] }, version: 0 }));
    },
    {
      token,
      item: {
        _id: toBuy._id,
        type: 'course',
        title: toBuy.title,
        image: toBuy.image,
        price: toBuy.price,
        discount: null,
      },
    },
  );
  await page.close();
  return {
    port: debugPort,
    routes: [
      ['/mis-cursos', '/mis-cursos'],
      ['/mis-cursos/curso/:id', `/mis-cursos/curso/${active(bought.cursos, 'courseId')}`],
      [
        '/mis-cursos/formacion/:id',
        `/mis-cursos/formacion/${active(bought.formaciones, 'formationId')}`,
      ],
      ['/detalle/curso/:id', `/detalle/curso/${expired(bought.cursos, 'courseId')}`],
      [
        '/detalle/formacion/:id',
        `/detalle/formacion/${expired(bought.formaciones, 'formationId')}`,
      ],
      ['/carrito (signed in)', '/carrito'],
      ['/pago-embed', '/pago-embed'],
      ['/pago-exitoso', '/pago-exitoso'],
    ],
    certificate,
    close: () => chrome.close(),
  };
}
