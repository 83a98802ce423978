import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../support/env';

/** /mis-cursos */
export class MyCoursesPage {
  constructor(readonly page: Page) {}

  /**
   * Opens the page as a journey's first visit does: the browser context's cache is empty, and the
   * page waits for the session, then the learning remote's code, then the student's items. Up to
   * 30 s, as untilLive: a CI run on 2 busy cores took over 15 s here once.
   */
  async open(): Promise<void> {
    await this.page.goto('/mis-cursos');
    await expect(this.page.getByTestId('my-courses')).toBeVisible({ timeout: 30_000 });
  }

  section(
    id: 'activeFormations' | 'expiredFormations' | 'activeCourses' | 'expiredCourses',
  ): Locator {
    return this.page.getByTestId(id);
  }

  card(title: string): Locator {
    return this.page
      .locator('.learn-card')
      .filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  async openItem(title: string): Promise<void> {
    await this.card(title).getByRole('link', { name: title }).click();
  }
}

/** /mis-cursos/formacion/{id} and /mis-cursos/curso/{id} */
export class ViewerPage {
  constructor(readonly page: Page) {}

  get gauge(): Locator {
    return this.page.getByTestId('progress-gauge');
  }
  get classPanel(): Locator {
    return this.page.getByTestId('class-panel');
  }
  modulePill(n: number): Locator {
    return this.page
      .getByTestId('module-pills')
      .getByRole('button', { name: new RegExp(`^M${n}(?!\\d)`) });
  }
  classPills(): Locator {
    return this.page.getByTestId('class-pills').getByRole('button');
  }
  classPill(label: string): Locator {
    return this.page
      .getByTestId('class-pills')
      .getByRole('button', { name: new RegExp(`^${label}(?!\\d)`) });
  }

  async percent(): Promise<number> {
    return Number(await this.gauge.getAttribute('data-percent'));
  }

  async selectClass(moduleN: number | null, label: string): Promise<void> {
    if (moduleN !== null) await this.modulePill(moduleN).click();
    await this.classPill(label).click();
    await expect(this.classPanel).toBeVisible();
  }

  /** Clicks the done button and waits until the server answered (the optimistic state stays). */
  async toggleDone(expectDone: boolean): Promise<void> {
    const saved = this.page.waitForResponse((r) => /\/progreso-(curso|formacion)\//.test(r.url()));
    await this.classPanel.getByTestId('toggle-done').click();
    expect((await saved).ok()).toBe(true);
    await expect(this.classPanel.getByTestId('toggle-done')).toHaveAttribute(
      'aria-pressed',
      String(expectDone),
    );
  }
}

/** The student area's API, for setting up and cleaning what a journey changes. */
export class LearningApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async myItems(lang = 'es') {
    const res = await this.request.get(`${baseURL}/api/learning/my-items?lang=${lang}`, {
      headers: this.headers,
    });
    expect(res.ok()).toBe(true);
    return (await res.json()) as {
      formations: Array<{ _id: string; title: Record<string, string>; expired: boolean }>;
      courses: Array<{ _id: string; title: Record<string, string>; expired: boolean }>;
    };
  }

  /** The student's practice minutes, of one class or in all (as the practice panel reads them). */
  async practiceMinutes(classId?: string) {
    const query = classId ? `?classId=${classId}` : '';
    const res = await this.request.get(`${baseURL}/api/learning/practice-log${query}`, {
      headers: this.headers,
    });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { totalMinutes: number }).totalMinutes;
  }

  async formation(id: string, lang = 'es') {
    const res = await this.request.get(`${baseURL}/api/learning/formations/${id}?lang=${lang}`, {
      headers: this.headers,
    });
    expect(res.ok()).toBe(true);
    return (await res.json()) as {
      modules: Array<{
        _id: string;
        classes: Array<{ _id: string; title: Record<string, string> }>;
      }>;
      completed: string[];
    };
  }

  /** Unmarks every class of the formation (journeys start from no progress and leave none). */
  async resetFormationProgress(userId: string, formationId: string): Promise<void> {
    const { completed } = await this.formation(formationId);
    for (const classId of completed) {
      const res = await this.request.delete(
        `${baseURL}/api/users/${userId}/progreso-formacion/${formationId}/${classId}`,
        { headers: this.headers },
      );
      expect(res.ok()).toBe(true);
    }
  }

  async profileId(): Promise<string> {
    const res = await this.request.get(`${baseURL}/api/auth/perfil`, { headers: this.headers });
    return ((await res.json()) as { _id: string })._id;
  }
}
