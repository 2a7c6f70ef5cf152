// css-tree's parser alone (no lexer or MDN syntax data, which the full package loads at import).
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}
