// Dependencies point one way (STYLE.md): adapters -> tools -> services -> pipeline / storage.
// Every import of every source file below tools/ is read with TypeScript's own scanner
// (ts.preProcessFile: static, type-only, re-exports and dynamic imports; never comments or
// strings) and resolved to the folder it lands in.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/process.ts';

/** Folders each layer may not import from. */
const FORBIDDEN: Record<string, readonly string[]> = {
  services: ['tools', 'adapters'],
  storage: ['tools', 'adapters'],
  pipeline: ['tools', 'adapters', 'storage'],
};

const SOURCE = /\.(ts|mts|mjs|js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file` (relative to the root) imports that break its layer's rule, as "file -> import". */
function wrongWayImports(file: string, text: string): string[] {
  const layer = file.split('/')[0]!;
  const forbidden = FORBIDDEN[layer] ?? [];
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .filter((spec) => forbidden.includes(relative(ROOT, resolve(ROOT, dirname(file), spec)).split('/')[0]!))
    .map((spec) => `${file} -> ${spec}`);
}

describe('dependency direction', () => {
  it('finds a wrong-way import however it is written, and only real ones', () => {
    const text = [
      "import type { ToolContext } from '../tools/define.ts';",
      "export { tools } from '../tools/index.ts';",
      "const rest = await import('../adapters/rest.ts');",
      "import { db } from '../storage/db.ts';",
      "// import { x } from '../tools/comment.ts';",
      'const s = "import y from \'../tools/string.ts\'";',
    ].join('\n');
    expect(wrongWayImports('services/x.ts', text)).toEqual([
      'services/x.ts -> ../tools/define.ts',
      'services/x.ts -> ../tools/index.ts',
      'services/x.ts -> ../adapters/rest.ts',
    ]);
    expect(wrongWayImports('pipeline/html/x.ts', "import { db } from '../../storage/db.ts';")).toEqual([
      'pipeline/html/x.ts -> ../../storage/db.ts',
    ]);
    expect(wrongWayImports('pipeline/x.ts', "import { a } from './types.ts';\nimport { z } from 'zod';")).toEqual([]);
  });

  it('has no import from tools/ or adapters/ in services/, storage/, pipeline/, and none from storage/ in pipeline/', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const layer of Object.keys(FORBIDDEN)) {
      for (const path of sourceFiles(join(ROOT, layer))) {
        scanned++;
        found.push(...wrongWayImports(relative(ROOT, path), readFileSync(path, 'utf8')));
      }
    }
    expect(scanned).toBeGreaterThan(60);
    expect(found).toEqual([]);
  });
});
