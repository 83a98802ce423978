// Small real files the admin journeys upload: the same bytes the API's upload tests make.
import { PDF_BYTES, png } from '../../api/test/admin/upload-files';

/** A minimal valid one-page PDF. */
export const pdfFile = (name = 'programa.pdf') => ({
  name,
  mimeType: 'application/pdf',
  buffer: PDF_BYTES,
});

/** A real PNG of one colour (default 64x40 orange). */
export function pngFile(name = 'portada.png', width = 64, height = 40) {
  return { name, mimeType: 'image/png', buffer: png(width, height, [230, 120, 30]) };
}
