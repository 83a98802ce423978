import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestApp } from '../support/test-app.js';
import { classMedia, uploadedAssets } from '../../src/database/schema.js';
import { filePathOf, newPublicId } from '../../src/modules/media/index.js';

/** Bytes 0..n-1 of a recognisable pattern (so a range's bytes can be checked exactly). */
export const patternBytes = (n: number): Buffer =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256));

/** Writes a private local file into the test app's storage and records it in uploaded_assets. */
export async function storePrivateFile(
  t: TestApp,
  kind: 'pdf' | 'video',
  bytes: Buffer,
): Promise<{ publicId: string; assetId: string }> {
  const publicId = newPublicId(kind, kind === 'pdf' ? 'pdf' : 'mp4');
  const path = filePathOf(t.config.dataDir, 'private', publicId)!;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  const [asset] = await t.db
    .insert(uploadedAssets)
    .values({
      publicId,
      resourceType: kind === 'pdf' ? 'raw' : 'video',
      url: `/api/files/private/${publicId}`,
      private: true,
      storage: 'local',
      contentType: kind === 'pdf' ? 'application/pdf' : 'video/mp4',
      sizeBytes: bytes.length,
    })
    .returning();
  return { publicId, assetId: asset.id };
}

/** A PDF or video of a class, with a stored file in the given languages only. */
export async function addClassMedia(
  t: TestApp,
  owner: { courseClassId: string } | { formationClassId: string },
  kind: 'pdf' | 'video',
  publicId: string,
  langs: Array<'es' | 'en' | 'fr'> = ['es', 'en', 'fr'],
  position = 0,
): Promise<void> {
  const per = (v: string) => ({
    es: langs.includes('es') ? v : null,
    en: langs.includes('en') ? v : null,
    fr: langs.includes('fr') ? v : null,
  });
  await t.db.insert(classMedia).values({
    ...('courseClassId' in owner
      ? { ownerKind: 'course_class' as const, courseClassId: owner.courseClassId }
      : { ownerKind: 'formation_class' as const, formationClassId: owner.formationClassId }),
    kind,
    position,
    url: per(`/api/files/private/${publicId}`),
    publicId: per(publicId),
    title: { es: 'Material', en: 'Material', fr: 'Matériel' },
  });
}
