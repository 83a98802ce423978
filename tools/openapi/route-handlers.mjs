// The first step of `npm run openapi:answers` (answer-schemas.mjs): the API's route handlers as
// the TypeScript compiler reads them from the controllers' source, each with its operationId,
// success status, summary and declared answer type.
import ts from 'typescript';

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

/**
 * The declaration in the API's sources that `expression` names (a function, a class), if any: an
 * arrow function or function expression held by a `const` stands for the function.
 */
function sourceDeclaration(expression, checker) {
  let symbol = checker.getSymbolAtLocation(expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl || decl.getSourceFile().isDeclarationFile) return undefined;
  return ts.isVariableDeclaration(decl) &&
    decl.initializer &&
    (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
    ? decl.initializer
    : decl;
}

/** `node` or the first node below it that `test` accepts, if any. */
function findNode(node, test) {
  let found;
  const visit = (n) => {
    if (found) return;
    if (test(n)) found = n;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The `applyDecorators(...)` call a decorator factory of the API's sources answers, if any. */
function appliedBy(call, checker, seen) {
  const fn = sourceDeclaration(call.expression, checker);
  if (!fn || seen.has(fn)) return undefined;
  seen.add(fn);
  if (!ts.isFunctionLike(fn) || !fn.body) return undefined;
  return findNode(
    fn.body,
    (n) => ts.isCallExpression(n) && n.expression.getText() === 'applyDecorators',
  );
}

/**
 * The class a controller extends, when the API's sources declare it: `extends Base<A>`, or
 * `extends Routes(...)<A>`, a function answering a class it declares (shared routes). `typeArgs`
 * maps the type parameters of that class and function to the controller's type arguments.
 */
function baseOf(cls, checker) {
  const heritage = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const type = heritage?.types[0];
  if (!type) return undefined;
  const call = ts.isCallExpression(type.expression) ? type.expression : undefined;
  const decl = sourceDeclaration(call?.expression ?? type.expression, checker);
  const base =
    decl && !call && ts.isClassDeclaration(decl)
      ? decl
      : decl && call && ts.isFunctionLike(decl) && decl.body
        ? findNode(decl.body, ts.isClassDeclaration)
        : undefined;
  if (!base) return undefined;
  const given = (params = [], args = []) =>
    params.map((p, i) => [checker.getSymbolAtLocation(p.name), args[i]]).filter(([, a]) => a);
  const typeArgs = new Map([
    ...given(call && decl.typeParameters, call?.typeArguments),
    ...given(base.typeParameters, type.typeArguments),
  ]);
  return { cls: base, typeArgs };
}

/**
 * The methods of a controller, its own and those it inherits from base classes of the API's
 * sources (a method it writes itself hides the inherited one, as in JavaScript), each with the
 * type arguments of the class that writes it.
 */
function methodsOf(cls, checker) {
  const methods = [];
  const names = new Set();
  for (let at = { cls, typeArgs: new Map() }; at; at = baseOf(at.cls, checker)) {
    for (const method of at.cls.members.filter(ts.isMethodDeclaration)) {
      if (names.has(method.name.getText())) continue;
      names.add(method.name.getText());
      methods.push({ method, typeArgs: at.typeArgs, inherited: at.cls !== cls });
    }
  }
  return methods;
}

/**
 * What a controller hands its base class for an inherited route `name`: the property of that name
 * in the object it passes to `super(...)`, whose doc comment is the route's summary.
 */
function routeGiven(cls, name) {
  const ctor = cls.members.find(ts.isConstructorDeclaration);
  const call =
    ctor?.body &&
    findNode(
      ctor.body,
      (n) => ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.SuperKeyword,
    );
  return call?.arguments
    .filter(ts.isObjectLiteralExpression)
    .flatMap((o) => o.properties)
    .find((p) => p.name?.getText() === name);
}

/** The first sentence of a handler's doc comment: its summary where @ApiOperation gives none. */
function summaryOf(node) {
  const doc = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
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

/**
 * A handler's answer type as the controller sees it: the type parameters of a base class's
 * function (`Promise<Child>`) replaced by the controller's arguments (`Promise<AdminClass>`).
 * `type` is the node to read its kind from, `text` its source, `nodes` the written types it names.
 */
function answerOf(node, checker, typeArgs) {
  const uses = [];
  const visit = (n) => {
    const symbol = ts.isTypeReferenceNode(n) && checker.getSymbolAtLocation(n.typeName);
    if (!symbol || !(symbol.flags & ts.SymbolFlags.TypeParameter)) {
      ts.forEachChild(n, visit);
      return;
    }
    const arg = typeArgs.get(symbol);
    if (!arg)
      throw new Error(`no type argument for ${n.getText()} (${n.getSourceFile().fileName})`);
    uses.push({ n, arg });
  };
  visit(node);
  if (uses.length === 1 && uses[0].n === node) {
    const { arg } = uses[0];
    return { type: arg, text: arg.getText(), nodes: [arg] };
  }
  let text = node.getText();
  for (const { n, arg } of uses.reverse()) {
    const [start, end] = [n.getStart(), n.getEnd()].map((at) => at - node.getStart());
    text = text.slice(0, start) + arg.getText() + text.slice(end);
  }
  return { type: node, text, nodes: [node, ...uses.map((u) => u.arg)] };
}

/** Every route handler of the controllers under `srcDir` with its declared answer type. */
export function findHandlers(program, srcDir) {
  const checker = program.getTypeChecker();
  const handlers = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(srcDir) || file.isDeclarationFile) continue;
    for (const cls of file.statements.filter(ts.isClassDeclaration)) {
      if (!cls.name || !decoratorsOf(cls, checker).some((d) => d.name === 'Controller')) continue;
      for (const { method: m, typeArgs, inherited } of methodsOf(cls, checker)) {
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
          answer: m.type && answerOf(unwrapPromise(m.type), checker, typeArgs),
          summary: summaryOf((inherited && routeGiven(cls, m.name.getText())) || m),
        };
        if (!handler.raw && !handler.answer)
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
