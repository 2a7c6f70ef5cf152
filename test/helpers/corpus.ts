import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus');

export function corpusIndex(): { path: string; tags: string[] }[] {
  return readFileSync(join(CORPUS, 'INDEX.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [path, , tags] = line.split('\t');
      return { path: path!, tags: (tags ?? '').split(',') };
    });
}

export function corpusFile(path: string): Uint8Array {
  return readFileSync(join(CORPUS, path.startsWith('eml/') ? path : `eml/${path}`));
}
