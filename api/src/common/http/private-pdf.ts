import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF made for the caller alone (a certificate, an invoice): never cached, never
 * sniffed as anything else. `disposition` is `inline` (opens in the browser) or `attachment`
 * (saved), with its file name.
 */
export function sendPrivatePdf(
  reply: FastifyReply,
  bytes: Uint8Array,
  disposition: 'inline' | 'attachment',
  filename: string,
): void {
  void reply.status(200).headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `${disposition}; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  void reply.send(Buffer.from(bytes));
}
