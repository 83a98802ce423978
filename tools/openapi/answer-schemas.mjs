// `npm run openapi:answers`: the JSON Schemas of the API's answers, generated from the types the
// controllers declare (`Promise<CourseDetail>`, most of them from shared-contracts) into
// api/src/openapi/answers.generated.json (data, imported by answers.ts), which the OpenAPI document
// (/api/docs-json) attaches to each operation. `--check` fails when the committed file is not what the types give today.
//
// Two steps: the TypeScript compiler finds every route handler (a method with @Get/@Post/... in a
// class with @Controller, written directly or inside a composite of applyDecorators) and its
// declared answer type; ts-json-schema-generator turns those
// types into JSON Schema, which is then written in OpenAPI 3.0's dialect.
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

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiDir = join(root, 'api');
const target = join(apiDir, 'src', 'openapi', 'answers.generated.json');
const HTTP = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

/**
 * The decorators of a node: name and the literal text of each argument. A composite of the API's
 * own (a function answering `applyDecorators(...)`, as `@CatalogueAdminController(path, tag)`)
 * stands for itself and for each decorator it applies, so `@Controller`, `@Delete` or
 * `@HttpCode(204)` written inside one count as written on the node.
 */
function decoratorsOf(node, checker) {
  return (ts.getDecorators(node) ?? []).flatMap((d) =>
    ts.isCallExpression(d.expression) ? decoratorCall(d.expression, checker, new Set()) : [],
  );
}

function decoratorCall(call, checker, seen) {
  const own = {
    name: call.expression.getText(),
    args: call.arguments.map((a) => (ts.isStringLiteralLike(a) ? a.text : a.getText())),
  };
  const applied = appliedBy(call, checker, seen);
  return [
    own,
    ...(applied?.arguments ?? [])
      .filter(ts.isCallExpression)
      .flatMap((c) => decoratorCall(c, checker, seen)),
  ];
}

/** The `applyDecorators(...)` call a decorator factory of the API's sources answers, if any. */
function appliedBy(call, checker, seen) {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl || decl.getSourceFile().isDeclarationFile || seen.has(decl)) return undefined;
  seen.add(decl);
  const fn =
    ts.isVariableDeclaration(decl) &&
    decl.initializer &&
    (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
      ? decl.initializer
      : decl;
  if (!ts.isFunctionLike(fn) || !fn.body) return undefined;
  let found;
  const visit = (n) => {
    if (found) return;
    if (ts.isCallExpression(n) && n.expression.getText() === 'applyDecorators') found = n;
    else ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return found;
}

/** The first sentence of a handler's doc comment: its summary where @ApiOperation gives none. */
function summaryOf(method) {
  const doc = ts.getJSDocCommentsAndTags(method).find(ts.isJSDoc);
  const text = ts.getTextOfJSDocComment(doc?.comment)?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return /^(.+?[.:;])(\s|$)/.exec(text)?.[1].replace(/[.:;]$/, '') ?? text;
}

/** `Promise<T>` -> T. */
function unwrapPromise(node) {
  if (
    node &&
    ts.isTypeReferenceNode(node) &&
    node.typeName.getText() === 'Promise' &&
    node.typeArguments?.length === 1
  )
    return node.typeArguments[0];
  return node;
}

/** Every route handler of the API with its declared answer type. */
function findHandlers(program) {
  const checker = program.getTypeChecker();
  const handlers = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(join(apiDir, 'src')) || file.isDeclarationFile) continue;
    for (const cls of file.statements.filter(ts.isClassDeclaration)) {
      if (!cls.name || !decoratorsOf(cls, checker).some((d) => d.name === 'Controller')) continue;
      for (const m of cls.members.filter(ts.isMethodDeclaration)) {
        const decorators = decoratorsOf(m, checker);
        if (!decorators.some((d) => HTTP.has(d.name))) continue;
        if (decorators.some((d) => d.name === 'ApiExcludeEndpoint')) continue;
        const verb = decorators.find((d) => HTTP.has(d.name)).name;
        const httpCode = decorators.find((d) => d.name === 'HttpCode')?.args[0];
        const handler = {
          operationId: `${cls.name.text}_${m.name.getText()}`,
          // Nest's success status: @HttpCode, else 201 for POST and 200 for the rest
          status: Number(httpCode ?? (verb === 'Post' ? 201 : 200)),
          file,
          // the handler writes the answer itself (a file, a redirect): no body type to read
          raw: m.parameters.some((p) =>
            decoratorsOf(p, checker).some(
              (d) => d.name === 'Res' && !/passthrough/.test(d.args.join()),
            ),
          ),
          contentType: decorators
            .find((d) => d.name === 'Header' && /^content-type$/i.test(d.args[0]))
            ?.args[1]?.split(';')[0],
          type: unwrapPromise(m.type),
          summary: summaryOf(m),
        };
        if (!handler.raw && !handler.type)
          throw new Error(`${handler.operationId} declares no answer type (${file.fileName})`);
        // Nest names operations <Controller>_<method>: two controllers of one name would share
        if (handlers.some((h) => h.operationId === handler.operationId))
          throw new Error(`two handlers are ${handler.operationId}: rename one controller`);
        handlers.push(handler);
      }
    }
  }
  return { handlers, checker };
}

/** The declarations a type node names, as imports for a file in `dir`. */
function importsFor(node, checker, dir, imports) {
  const visit = (n) => {
    if (ts.isTypeReferenceNode(n) || ts.isTypeQueryNode(n)) {
      const name = ts.isTypeReferenceNode(n) ? n.typeName : n.exprName;
      const first = ts.isQualifiedName(name) ? name.left : name;
      let symbol = checker.getSymbolAtLocation(first);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const decl = symbol?.declarations?.[0];
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
  const { handlers, checker } = findHandlers(program);

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
    } else if (isVoid(h.type)) {
      operations[h.operationId] = { status, summary, kind: 'empty' };
    } else if (h.type.kind === ts.SyntaxKind.StringKeyword) {
      operations[h.operationId] = {
        status,
        summary,
        kind: 'text',
        contentType: h.contentType ?? 'text/plain',
      };
    } else {
      importsFor(h.type, checker, tmpDir, imports);
      aliases.push(`export type Answer_${h.operationId} = ${h.type.getText()};`);
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
