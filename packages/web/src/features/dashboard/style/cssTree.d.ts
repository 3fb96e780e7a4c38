// css-tree's light entry points (its main one also bundles the lexer and its syntax data, which this
// app does not use); @types/css-tree describes only the main one, so the same types are named here.
declare module 'css-tree/parser' {
  import type { parse } from 'css-tree';

  const parser: typeof parse;
  export default parser;
}

declare module 'css-tree/generator' {
  import type { generate } from 'css-tree';

  const generator: typeof generate;
  export default generator;
}

declare module 'css-tree/convertor' {
  import type { fromPlainObject, toPlainObject } from 'css-tree';

  const convertor: { fromPlainObject: typeof fromPlainObject; toPlainObject: typeof toPlainObject };
  export default convertor;
}

declare module 'css-tree/utils' {
  export { ident } from 'css-tree';
}
