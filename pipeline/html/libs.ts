// The HTML and CSS libraries, loaded on the first HTML body rather than at import: every
// CLI command and server start imports the pipeline, and most never read HTML (they cost
// about 0.25 s of CPU to load).
//
// They are loaded with import() where the caller can wait (analysis workers at start,
// analyzeMessage), and with require() only as a fallback for a synchronous first use.
// Under tsx's loader, require() of these ES modules goes through esbuild's CommonJS
// conversion, which turns every enum and export read into a getter call: parse5 measured
// 3 to 6 times slower that way (docs/performance.md §0). Once loaded, one set is kept for
// the life of the thread, so nodes and compiled selectors never mix two copies.
import { createRequire } from 'node:module';
import type * as CssSelect from 'css-select';
import type * as ColorParser from '@csstools/css-color-parser';
import type * as CssAlgorithms from '@csstools/css-parser-algorithms';
import type * as CssTokenizer from '@csstools/css-tokenizer';
import type * as CssWhat from 'css-what';
import type * as Parse5 from 'parse5';
import type * as TreeAdapter from 'parse5-htmlparser2-tree-adapter';

export interface HtmlLibs {
  parse5: typeof Parse5;
  treeAdapter: typeof TreeAdapter.adapter;
  cssSelect: typeof CssSelect;
  cssWhat: typeof CssWhat;
  parseCss: typeof import('css-tree').parse;
  /** css-tree's tokenizer and identifier helpers: declaration values are read token by token. */
  cssTokenize: typeof import('css-tree').tokenize;
  decodeIdent: (s: string) => string;
  /** @csstools' colour parser (every CSS Color 4/5 form, color-mix(), relative colours) and its tokenizer. */
  colors: { parser: typeof ColorParser; algorithms: typeof CssAlgorithms; tokenizer: typeof CssTokenizer };
}

const load = createRequire(import.meta.url);
// Specifiers in variables: css-tree's types declare the package, not these subpaths.
const CSS_TREE_PARSER = 'css-tree/parser';
const CSS_TREE_TOKENIZER = 'css-tree/tokenizer';
const CSS_TREE_UTILS = 'css-tree/utils';
type Tokenizer = { tokenize: typeof import('css-tree').tokenize };
type Utils = { ident: { decode: (s: string) => string } };
let libs: HtmlLibs | null = null;
let loading: Promise<HtmlLibs> | null = null;

/** Loads the libraries as ES modules; resolves at once when they are already loaded. */
export function loadHtmlLibs(): Promise<HtmlLibs> {
  if (libs) return Promise.resolve(libs);
  loading ??= Promise.all([
    import('parse5'),
    import('parse5-htmlparser2-tree-adapter'),
    import('css-select'),
    import('css-what'),
    import(CSS_TREE_PARSER) as Promise<{ default: typeof import('css-tree').parse }>,
    import(CSS_TREE_TOKENIZER) as Promise<Tokenizer>,
    import(CSS_TREE_UTILS) as Promise<Utils>,
    import('@csstools/css-color-parser'),
    import('@csstools/css-parser-algorithms'),
    import('@csstools/css-tokenizer'),
  ]).then(([parse5, adapter, cssSelect, cssWhat, parseCss, tokenizer, utils, parser, algorithms, colorTokenizer]) => {
    libs ??= {
      parse5,
      treeAdapter: adapter.adapter,
      cssSelect,
      cssWhat,
      parseCss: parseCss.default,
      cssTokenize: tokenizer.tokenize,
      decodeIdent: utils.ident.decode,
      colors: { parser, algorithms, tokenizer: colorTokenizer },
    };
    return libs;
  });
  return loading;
}

export function htmlLibs(): HtmlLibs {
  libs ??= {
    parse5: load('parse5') as typeof Parse5,
    treeAdapter: (load('parse5-htmlparser2-tree-adapter') as typeof TreeAdapter).adapter,
    cssSelect: load('css-select') as typeof CssSelect,
    cssWhat: load('css-what') as typeof CssWhat,
    parseCss: load(CSS_TREE_PARSER) as typeof import('css-tree').parse,
    cssTokenize: (load(CSS_TREE_TOKENIZER) as Tokenizer).tokenize,
    decodeIdent: (load(CSS_TREE_UTILS) as Utils).ident.decode,
    // ES-only packages: require() loads them on Node 20.19 and later (engines).
    colors: {
      parser: load('@csstools/css-color-parser') as typeof ColorParser,
      algorithms: load('@csstools/css-parser-algorithms') as typeof CssAlgorithms,
      tokenizer: load('@csstools/css-tokenizer') as typeof CssTokenizer,
    },
  };
  return libs;
}
