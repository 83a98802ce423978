import { expect, test, type Locator, type Page } from '@playwright/test';

/** The admin managers as a teacher uses them (Spanish). */
export class AdminManager {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  panel(): Locator {
    return this.page.getByTestId('detail-panel');
  }

  row(name: string): Locator {
    return this.page.locator('.adm-row', {
      has: this.page.getByRole('button', { name, exact: true }),
    });
  }

  /** Fills a per-language field of the open form (the tab must be open). */
  async fill(label: string | RegExp, value: string, scope: Locator = this.dialog()): Promise<void> {
    await scope.getByLabel(label).fill(value);
  }

  /** Uploads a file in the form's upload box `label` and waits for "Archivo subido.". */
  async upload(
    label: string | RegExp,
    file: { name: string; mimeType: string; buffer: Buffer },
    scope: Locator = this.dialog(),
  ): Promise<void> {
    const box = scope.getByRole('group', { name: label });
    // the picker speaks the admin's language, not the browser's ("Choose File")
    await expect(box.getByText('Ningún archivo elegido')).toBeVisible();
    await box.getByLabel('Elegir archivo').setInputFiles(file);
    await expect(box.getByText(file.name, { exact: true })).toBeVisible();
    await box.getByRole('button', { name: 'Subir' }).click();
    await expect(box.getByText('Archivo subido.')).toBeVisible();
  }

  async tab(lang: 'Español' | 'Inglés' | 'Francés', scope: Locator = this.dialog()): Promise<void> {
    await scope.getByRole('tab', { name: lang }).click();
  }

  async create(scope: Locator = this.dialog()): Promise<void> {
    await scope.getByRole('button', { name: 'Crear' }).click();
    await expect(scope).toBeHidden();
  }

  async screenshot(name: string): Promise<void> {
    // kept with the test's output (e2e/test-results) and attached to the report
    const path = test.info().outputPath(`admin-${name}.png`);
    await this.page.screenshot({ path, fullPage: true });
    await test.info().attach(`admin-${name}`, { path, contentType: 'image/png' });
  }
}
