// `npm run openapi:answers`: the JSON Schemas of the API's answers, generated from the types the
// controllers declare (`Promise<CourseDetail>`, most of them from shared-contracts) into
// api/src/openapi/answers.generated.json (data, imported by answers.ts), which the OpenAPI document
// (/api/docs-json) attaches to each operation. `--check` fails when the committed file is not what the types give today.
//
// Two steps: the TypeScript compiler finds every route handler (a method with @Get/@Post/... in a
// class with @Controller, written directly or inside a composite of applyDecorators, in the class
// or in a base class it extends) and its declared answer type (route-handlers.mjs);
// ts-json-schema-generator turns those types into JSON Schema, which is then written in OpenAPI
// 3.0's dialect.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  createFormatter,
  createParser,
  DEFAULT_CONFIG,
  SchemaGenerator,
} from 'ts-json-schema-generator';
import prettier from 'prettier';
import { findHandlers } from './route-handlers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiDir = join(root, 'api');
const target = join(apiDir, 'src', 'openapi', 'answers.generated.json');

/** The declarations a type node names, as imports for a file in `dir`. */
function importsFor(node, checker, dir, imports) {
  const visit = (n) => {
    if (ts.isTypeReferenceNode(n) || ts.isTypeQueryNode(n)) {
      const name = ts.isTypeReferenceNode(n) ? n.typeName : n.exprName;
      const first = ts.isQualifiedName(name) ? name.left : name;
      let symbol = checker.getSymbolAtLocation(first);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      // a type parameter is no import: answerOf put its argument in its place
      const decl =
        symbol && symbol.flags & ts.SymbolFlags.TypeParameter
          ? undefined
          : symbol?.declarations?.[0];
      if (!decl && !(symbol && symbol.flags & ts.SymbolFlags.TypeParameter))
        throw new Error(
          `cannot resolve ${first.getText()} in ${n.getSourceFile().fileName}: ` +
            'is shared-contracts built (node scripts/build.mjs)?',
        );
      const from = decl?.getSourceFile();
      if (from && !from.hasNoDefaultLib && !from.fileName.includes('/node_modules/typescript/')) {
        const inContracts = from.fileName.includes('/shared-contracts/');
        let spec = inContracts
          ? '@circo/shared-contracts'
          : relative(dir, from.fileName).replace(/\.ts$/, '.js');
        if (!spec.startsWith('.') && !inContracts) spec = `./${spec}`;
        imports.set(first.getText(), { spec, name: symbol.name });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
}

const isVoid = (node) =>
  node.kind === ts.SyntaxKind.VoidKeyword || node.kind === ts.SyntaxKind.UndefinedKeyword;

/** JSON Schema (draft-07, as the generator writes it) -> an OpenAPI 3.0 Schema Object. */
export function toOpenApi(schema) {
  if (Array.isArray(schema)) return schema.map(toOpenApi);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') out.$ref = value.replace('#/definitions/', '#/components/schemas/');
    else if (key === 'const') out.enum = [value];
    else if (key === 'properties' || key === 'definitions')
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toOpenApi(v)]));
    else out[key] = toOpenApi(value);
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== 'null');
    if (types.length < out.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type) => ({ type }));
    }
  }
  // `T | null` as anyOf with a null branch: OpenAPI 3.0 says `nullable`; `T | undefined` (an
  // answer without a body) has a `{ not: {} }` branch: the body, when there is one, is a T
  for (const key of ['anyOf', 'oneOf']) {
    if (!out[key]) continue;
    out[key] = out[key].filter((s) => !(s.not && Object.keys(s.not).length === 0));
    if (out[key].length === 1) {
      const [only] = out[key];
      delete out[key];
      if (only.$ref && Object.keys(out).length > 0) out.allOf = [only];
      else Object.assign(out, only);
      continue;
    }
    const rest = out[key].filter((s) => s.type !== 'null' || Object.keys(s).length > 1);
    if (rest.length === out[key].length) continue;
    delete out[key];
    if (rest.length === 1 && !rest[0].$ref) Object.assign(out, rest[0]);
    else if (rest.length === 1) out.allOf = rest;
    else out[key] = rest;
    out.nullable = true;
  }
  if (out.$ref && Object.keys(out).length > 1) {
    // 3.0 ignores a $ref's siblings: keep them beside an allOf
    out.allOf = [{ $ref: out.$ref }];
    delete out.$ref;
  }
  return out;
}

/** A component name OpenAPI accepts (`Pick<A,"b">` -> `Pick_A_b`). */
const safeName = (name) => name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '');

function renameRefs(schema, names) {
  return JSON.parse(
    JSON.stringify(schema).replace(/"#\/components\/schemas\/([^"]+)"/g, (_m, n) => {
      const decoded = decodeURIComponent(n);
      return JSON.stringify(`#/components/schemas/${names.get(decoded) ?? safeName(decoded)}`);
    }),
  );
}

/** The API's compiler options (api/tsconfig.json) and its files. */
export function apiCompilerConfig() {
  const configFile = ts.readConfigFile(join(apiDir, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, apiDir);
}

/**
 * A compiler host that reads and parses each file once for all the programs it serves (the
 * handlers' program and the schema generator's here, a type-check beside them in the OpenAPI
 * spec): a parsed file keeps its binding, so a later program over the same sources and libraries
 * only resolves and checks. For programs of the same parsing options.
 */
export function sharedSourcesHost(options) {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  const parsed = new Map();
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreateNewSourceFile) => {
    const key = `${fileName} ${JSON.stringify(languageVersion)}`;
    if (shouldCreateNewSourceFile || !parsed.has(key))
      parsed.set(
        key,
        read.call(host, fileName, languageVersion, onError, shouldCreateNewSourceFile),
      );
    return parsed.get(key);
  };
  return host;
}

/** The answers file's text, from the handlers' types today (`host`: see sharedSourcesHost). */
export async function generate(host) {
  const parsed = apiCompilerConfig();
  host ??= sharedSourcesHost(parsed.options);
  const program = ts.createProgram(
    parsed.fileNames.filter((f) => f.includes('/api/src/')),
    parsed.options,
    host,
  );
  const { handlers, checker } = findHandlers(program, join(apiDir, 'src'));

  // the answer types as aliases in one file, for the schema generator
  const tmpDir = mkdtempSync(join(apiDir, 'src', '.openapi-'));
  const aliasFile = join(tmpDir, 'answers.ts');
  const imports = new Map();
  const aliases = ['export type ApiError = ApiErrorBody;'];
  imports.set('ApiErrorBody', { spec: '@circo/shared-contracts', name: 'ApiErrorBody' });
  const operations = {};
  for (const h of handlers.sort((a, b) => a.operationId.localeCompare(b.operationId))) {
    const { status, summary } = h;
    if (h.raw) {
      operations[h.operationId] = { status, summary, kind: 'file' };
    } else if (isVoid(h.answer.type)) {
      operations[h.operationId] = { status, summary, kind: 'empty' };
    } else if (h.answer.type.kind === ts.SyntaxKind.StringKeyword) {
      operations[h.operationId] = {
        status,
        summary,
        kind: 'text',
        contentType: h.contentType ?? 'text/plain',
      };
    } else {
      for (const node of h.answer.nodes) importsFor(node, checker, tmpDir, imports);
      aliases.push(`export type Answer_${h.operationId} = ${h.answer.text};`);
      operations[h.operationId] = {
        status,
        summary,
        kind: 'json',
        contentType: h.contentType ?? 'application/json',
      };
    }
  }
  const bySpec = new Map();
  for (const [local, { spec, name }] of imports) {
    const list = bySpec.get(spec) ?? [];
    list.push(local === name ? name : `${name} as ${local}`);
    bySpec.set(spec, list);
  }
  const source = [
    ...[...bySpec].map(([spec, names]) => `import type { ${names.join(', ')} } from '${spec}';`),
    ...aliases,
  ].join('\n');
  writeFileSync(aliasFile, source);

  let schema;
  try {
    // the generator's own program (createGenerator) over the files already parsed for the handlers
    const config = {
      ...DEFAULT_CONFIG,
      path: aliasFile,
      type: '*',
      expose: 'export',
      topRef: true,
      jsDoc: 'extended',
      skipTypeCheck: true,
      additionalProperties: false,
      sortProps: true,
    };
    const types = ts.createProgram([aliasFile], parsed.options, host);
    schema = new SchemaGenerator(
      types,
      createParser(types, config),
      createFormatter(config),
      config,
    ).createSchema('*');
  } catch (err) {
    // the generator's errors carry a syntax node: name the type it failed on
    const at = err.diagnostic?.node ?? err.node;
    const cause = err.cause?.stack ?? '';
    throw new Error(
      `${err.message} ${cause} at: ${at?.getText?.() ?? '?'} ${err.diagnostic?.messageText}`,
    );
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }

  const definitions = toOpenApi(schema.definitions ?? {});
  const names = new Map(Object.keys(definitions).map((n) => [n, safeName(n)]));
  const schemas = {};
  for (const [name, def] of Object.entries(definitions)) {
    const answer = /^Answer_(.+)$/.exec(name);
    if (answer) operations[answer[1]].schema = renameRefs(def, names);
    else schemas[names.get(name)] = renameRefs(def, names);
  }
  for (const [id, op] of Object.entries(operations)) {
    if (op.kind === 'json' && !op.schema) throw new Error(`no schema generated for ${id}`);
  }

  // JSON has no comments: `$comment` says where it comes from (answers.ts reads the rest)
  const text = JSON.stringify({
    $comment:
      'Generated by `npm run openapi:answers` (tools/openapi/answer-schemas.mjs) from the answer types the controllers declare. Do not edit: change the type, then run the script.',
    operations,
    schemas,
  });
  const options = (await prettier.resolveConfig(target)) ?? {};
  return prettier.format(text, { ...options, filepath: target });
}

/** Whether the committed answers file is what the handlers' types give today. */
export async function answersUpToDate(host) {
  const text = await generate(host);
  try {
    return readFileSync(target, 'utf8') === text;
  } catch {
    return false; // missing: stale
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  if (process.argv.includes('--check')) {
    if (!(await answersUpToDate())) {
      console.error(
        `${relative(root, target)} is not what the answer types give today: run npm run openapi:answers`,
      );
      process.exit(1);
    }
    console.log(`${relative(root, target)} is up to date`);
  } else {
    writeFileSync(target, await generate());
    console.log(`wrote ${relative(root, target)} in ${Math.round(performance.now() - started)} ms`);
  }
}
