import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from './env';
import { apiLogin, DEMO, expect } from './fixtures';

/** Demo items by their Spanish titles, as the journeys name them. */
export const DEMO_COURSE_ES = 'Acrobacia aérea en telas: iniciación';
export const DEMO_FORMATION_ES = 'Formación de instructores de circo social';

export interface DemoItem {
  itemType: 'course' | 'formation';
  /** its Spanish title in the demo catalogue */
  titleEs: string;
}

export interface GiftedStudent {
  token: string;
  userId: string;
  email: string;
  /** the ids of the items given, in the order asked */
  itemIds: string[];
  /** the admin's grant of each item, in the same order (to end it: DELETE .../access/{id}) */
  grantIds: string[];
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${process.pid}`;

/** The ids of demo items (the demo student owns every one the journeys use). */
export async function demoItemIds(request: APIRequestContext, items: DemoItem[]) {
  const token = await apiLogin(request, DEMO.student.email, DEMO.student.password);
  const res = await request.get(`${baseURL}/api/learning/my-items?lang=es`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const mine = (await res.json()) as Record<
    'courses' | 'formations',
    Array<{ _id: string; title: { es: string } }>
  >;
  return items.map(({ itemType, titleEs }) => {
    const found = mine[itemType === 'course' ? 'courses' : 'formations'].find(
      (i) => i.title.es === titleEs,
    );
    if (!found) throw new Error(`no demo ${itemType} "${titleEs}"`);
    return found._id;
  });
}

/**
 * A new student of her own (her progress, preferences and practice touch no other journey's),
 * given `items` by the coach for 6 months, signed in on `page` from its next page load.
 */
export async function giftedStudent(
  request: APIRequestContext,
  page: Page,
  items: DemoItem[],
  surname = 'Alumna',
): Promise<GiftedStudent> {
  const email = `student-${unique()}@example.com`;
  const password = 'Alumna1234';
  const created = await request.post(`${baseURL}/api/users`, {
    data: { name: 'Alumna', surname: `${surname} ${unique()}`, email, password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { user: { _id: string } }).user._id;
  const token = await apiLogin(request, email, password);
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const itemIds = await demoItemIds(request, items);
  const grantIds: string[] = [];
  for (const [i, { itemType }] of items.entries()) {
    const granted = await request.post(`${baseURL}/api/admin/students/${userId}/access`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { itemType, itemId: itemIds[i], months: 6, reason: 'gift' },
    });
    expect(granted.status(), await granted.text()).toBeLessThan(300);
    const detail = (await granted.json()) as {
      items: Array<{ itemId: string; history: Array<{ _id: string; kind: string }> }>;
    };
    const item = detail.items.find((it) => it.itemId === itemIds[i]) ?? detail.items[0]!;
    grantIds.push(item.history.find((h) => h.kind === 'admin_grant')!._id);
  }
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
  return { token, userId, email, itemIds, grantIds };
}
