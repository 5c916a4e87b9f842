import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Functions longer than this many lines need a comment just above them saying why (issue 20). */
export const MAX_FUNCTION_LINES = 80;

/** The comment that lets a long function stay long: `// Long because …` just above it. */
const WHY = /long because/i;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
  /** A `Long because …` comment stands just above it. */
  explained: boolean;
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function nameOf(node: ts.FunctionLikeDeclaration, owner: ts.Node): string {
  if (node.name) return node.name.getText();
  if (ts.isVariableStatement(owner))
    return owner.declarationList.declarations[0]?.name.getText() ?? '(arrow)';
  if (ts.isPropertyAssignment(node.parent)) return node.parent.name.getText();
  if (ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  return '(anonymous)';
}

/**
 * The node a comment above the function belongs to: the function, or the statement, declaration or
 * property that starts on the same line (`export const f = () => {`, `app.post('/x', async (c) => {`).
 */
function ownerOf(node: ts.Node, source: ts.SourceFile): ts.Node {
  const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line;
  let owner = node;
  while (
    owner.parent &&
    !ts.isSourceFile(owner.parent) &&
    !ts.isBlock(owner.parent) &&
    !ts.isModuleBlock(owner.parent) &&
    line(owner.parent) === line(node)
  )
    owner = owner.parent;
  return owner;
}

/** Whether the comment lines right above `line` (0-based) say why. */
function explainedAbove(lines: readonly string[], line: number): boolean {
  const comment: string[] = [];
  for (let i = line - 1; i >= 0; i--) {
    const text = lines[i].trim();
    if (!/^(\/\/|\/\*|\*)/.test(text)) break;
    comment.push(text);
  }
  return WHY.test(comment.join(' '));
}

/** Every function over {@link MAX_FUNCTION_LINES} lines in one file's text. */
export function longFunctionsIn(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = text.split('\n');
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES) {
        const owner = ownerOf(node, source);
        const ownerLine = source.getLineAndCharacterOfPosition(owner.getStart(source)).line;
        found.push({
          file,
          line: start + 1,
          name: nameOf(node, owner),
          lines: length,
          explained: explainedAbove(lines, ownerLine),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The production sources: git-tracked .ts and .tsx, not tests, not e2e, bench or scripts. */
export function productionSources(root: string): string[] {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  return files.filter(
    (f) =>
      !/(^|\/)(e2e|bench|scripts|tests|test|test-support|node_modules)\//.test(f) &&
      !/(^|\/)test-[^/]*\.tsx?$/.test(f) &&
      !/\.(test|spec|property\.test)\.tsx?$/.test(f) &&
      !/\.d\.ts$/.test(f) &&
      !/(^|\/)[^/]*\.config\.ts$/.test(f),
  );
}

/** Every long function of the production sources under `root`. */
export function longFunctions(root: string): LongFunction[] {
  return productionSources(root).flatMap((file) =>
    longFunctionsIn(file, readFileSync(join(root, file), 'utf8')),
  );
}

if (process.argv[1]?.endsWith('long-functions.ts')) {
  const all = longFunctions(process.cwd());
  for (const f of all) console.log(`${f.explained ? 'why' : 'NO '} ${f.lines} ${f.file}:${f.line} ${f.name}`);
  console.log(
    `${all.length} functions over ${MAX_FUNCTION_LINES} lines, ${all.filter((f) => !f.explained).length} without a why-comment`,
  );
}
