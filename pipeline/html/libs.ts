// The HTML and CSS libraries, loaded on the first HTML body rather than at import: every
// CLI command and server start imports the pipeline, and most never read HTML (they cost
// about 0.25 s of CPU to load). Node >= 20.19 loads these ES modules with require().
import { createRequire } from 'node:module';
import type * as CssSelect from 'css-select';
import type * as CssWhat from 'css-what';
import type * as Parse5 from 'parse5';
import type * as TreeAdapter from 'parse5-htmlparser2-tree-adapter';

export interface HtmlLibs {
  parse5: typeof Parse5;
  treeAdapter: typeof TreeAdapter.adapter;
  cssSelect: typeof CssSelect;
  cssWhat: typeof CssWhat;
  parseCss: typeof import('css-tree').parse;
}

const load = createRequire(import.meta.url);
let libs: HtmlLibs | null = null;

export function htmlLibs(): HtmlLibs {
  libs ??= {
    parse5: load('parse5') as typeof Parse5,
    treeAdapter: (load('parse5-htmlparser2-tree-adapter') as typeof TreeAdapter).adapter,
    cssSelect: load('css-select') as typeof CssSelect,
    cssWhat: load('css-what') as typeof CssWhat,
    parseCss: load('css-tree/parser') as typeof import('css-tree').parse,
  };
  return libs;
}
