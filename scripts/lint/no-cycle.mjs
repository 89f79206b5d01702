// No import cycles, type-only imports included (docs/architecture.md, The folders' layers):
// import/no-cycle skips `import type`, and a cycle of types is still two modules that cannot be
// understood one without the other. The project's files are read with TypeScript's own scanner
// and resolver (tsconfig.json's `@/` paths), so the graph is the one tsc sees.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const tsconfig = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config;
const { options } = ts.convertCompilerOptionsFromJson(tsconfig.compilerOptions, root);
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

function resolve(specifier, fromFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return undefined;
  const file = path.resolve(resolvedModule.resolvedFileName);
  return file.startsWith(root + path.sep) && SOURCE.test(file) ? file : undefined;
}

// A file's imports, kept while its modification time stays the same.
const known = new Map();
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = known.get(file);
  if (cached?.mtime === mtime) return cached.imports;
  const text = readFileSync(file, 'utf8');
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => resolve(fileName, file))
    .filter(Boolean);
  known.set(file, { mtime, imports });
  return imports;
}

// The shortest way from `start` back to `target`, or undefined; `seen` holds the files already
// known not to lead back (shared by the linted file's imports).
function wayBack(start, target, seen) {
  const from = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const way = [file];
        for (let step = from.get(file); step; step = from.get(step)) way.unshift(step);
        return way;
      }
      if (seen.has(next) || from.has(next)) continue;
      from.set(next, file);
      queue.push(next);
    }
  }
  for (const file of from.keys()) seen.add(file);
  return undefined;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, type-only imports included' },
    schema: [],
  },
  create(context) {
    const me = path.resolve(context.physicalFilename);
    const seen = new Set();
    const check = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const imported = resolve(node.source.value, me);
      if (!imported || imported === me || seen.has(imported)) return;
      const way = wayBack(imported, me, seen);
      if (!way) return;
      const files = [me, ...way, me].map((file) => path.relative(root, file)).join(' → ');
      context.report({
        node: node.source,
        message: `Imports never form a cycle, type-only ones included: ${files}. Move what they share to a module both import (docs/architecture.md, The folders' layers).`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default noCycle;
