// The compiler's part of the OpenAPI document spec (openapi-document.int.spec.ts), in one process:
//   node api/test/support/openapi-compile.mjs <dir> <file>...
// prints, as JSON, whether the committed answer schemas are what the handlers' types give today
// (`npm run openapi:answers -- --check`), and the type errors of the files (a client generated
// from the document and the checks written against it) under the API's compiler options, each a
// `file:line code: message` line with the file relative to <dir>. The programs share one parse of
// the API's sources and of its libraries' types, most of the work; plain Node, outside jest.
import { join, relative } from 'node:path';
import ts from 'typescript';
import {
  answersUpToDate,
  apiCompilerConfig,
  sharedSourcesHost,
} from '../../../tools/openapi/answer-schemas.mjs';

const apiDir = join(import.meta.dirname, '..', '..');
const [dir, ...files] = process.argv.slice(2);
const { options } = apiCompilerConfig();
const host = sharedSourcesHost(options);

const upToDate = await answersUpToDate(host);

const program = ts.createProgram(
  files,
  {
    ...options,
    noEmit: true,
    // the files live outside the repository: resolve the shared types as the API does
    paths: {
      '@circo/shared-contracts': [join(apiDir, '..', 'shared-contracts', 'dist', 'index.d.ts')],
    },
  },
  host,
);
const typeErrors = files.flatMap((f) =>
  ts.getPreEmitDiagnostics(program, program.getSourceFile(f)).map((d) => {
    const line = d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line ?? 0;
    const code = d.file?.text.split('\n')[line]?.slice(0, 60) ?? '';
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0];
    return `${relative(dir, d.file?.fileName ?? f)}:${line + 1} ${code}: ${message}`;
  }),
);

process.stdout.write(JSON.stringify({ answersUpToDate: upToDate, typeErrors }));
