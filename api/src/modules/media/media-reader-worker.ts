// A process that reads media files' containers for the API (media-reader-pool.ts starts it with
// a heap limit and a clock): a parser loop in mp4box or in our WebM walk that fills the heap or
// never ends kills this process, never the API. Each message names a file and
// what to read of it; the answer is plain data.
import { frameRateOfFile } from './frame-rate.js';
import { probeMediaFile } from './media-info.js';
import type { MediaReaderJob, MediaReaderReply, MediaReaderResult } from './media-reader-pool.js';

const send = (reply: MediaReaderReply | 'ready') => process.send!(reply);
// mp4box writes each box it cannot parse to console.error (thousands of lines for a crafted
// file): dropped here, the caller logs the refusal with its reason
console.error = () => undefined;

async function run(job: MediaReaderJob): Promise<MediaReaderResult> {
  if (job.kind === 'frameRate') return frameRateOfFile(job.path);
  return probeMediaFile(job.path, job.limits);
}

process.on('message', (msg: { id: number; job: MediaReaderJob }) => {
  void run(msg.job).then(
    (result) => send({ id: msg.id, result }),
    () => send({ id: msg.id, failed: true }),
  );
});
// the API going away (its IPC channel closed) ends the reader
process.on('disconnect', () => process.exit(0));
send('ready');
