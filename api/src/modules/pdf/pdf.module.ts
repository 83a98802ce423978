import { Module } from '@nestjs/common';
import { PdfThreads } from './pdf-threads.js';

/** The threads that draw PDFs (invoices, credit notes, certificates) away from the event loop. */
@Module({
  providers: [PdfThreads],
  exports: [PdfThreads],
})
export class PdfModule {}
