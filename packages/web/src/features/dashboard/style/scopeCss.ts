import type { AtrulePlain, CssNodePlain, DeclarationPlain, RulePlain, SelectorPlain } from 'css-tree';
import convertor from 'css-tree/convertor';
import generate from 'css-tree/generator';
import parse from 'css-tree/parser';
import { ident } from 'css-tree/utils';
import { DASHBOARD_CSS_SCOPE } from './cssScope.ts';

export { DASHBOARD_CSS_SCOPE };

export interface ScopeCssOptions {
  /** The page's origin: url() may point here (or be a data: image), nowhere else. */
  origin: string;
  /** Keyframes are global names; the dashboard's get this prefix so they cannot replace the app's. */
  keyframesPrefix?: string;
}

/**
 * Dashboard CSS is written by its owners and shown to every viewer, so before it reaches a <style>
 * element it is parsed (css-tree, never patterns) and rebuilt: every selector is prefixed with the
 * dashboard's element, `html`/`body`/`:root` mean that element, and selectors that would reach its
 * siblings are dropped; `@import` and at-rules with page-wide effect are dropped; url() and image-set()
 * keep only same-origin addresses (data: images too, except in @font-face, which loads same-origin fonts
 * only); what the parser could not read is dropped. The Content-Security-Policy holds the same line.
 */
export function scopeDashboardCss(css: string | null | undefined, options: ScopeCssOptions): string {
  if (!css?.trim()) return '';
  const tree = convertor.toPlainObject(
    parse(css, { parseCustomProperty: true, positions: false, onParseError: () => {} }),
  );
  if (tree.type !== 'StyleSheet') return '';
  const context: Context = {
    origin: options.origin,
    keyframes: keyframesNames(tree.children, options.keyframesPrefix ?? 'dashboard-'),
  };
  tree.children = tree.children.flatMap((node) => cleanNode(node, context, 'top'));
  return generate(convertor.fromPlainObject(tree));
}

interface Context {
  origin: string;
  /** The dashboard's own keyframes names and what they become. */
  keyframes: Map<string, string>;
}

/** Where a node sits: at the top (or in @media and the like), in a rule (nesting), in @font-face. */
type Place = 'top' | 'nested' | 'font-face';

/** At-rules whose block holds ordinary rules and which do not reach outside it. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'container', 'layer', 'starting-style']);
const KEYFRAMES_AT_RULES = new Set(['keyframes', '-webkit-keyframes']);
const ANIMATION_PROPERTIES = new Set([
  'animation',
  'animation-name',
  '-webkit-animation',
  '-webkit-animation-name',
]);
/** Old ways to run code from CSS; no current browser honours them, but nothing is gained by keeping them. */
const FORBIDDEN_PROPERTIES = new Set(['behavior', '-moz-binding']);
/** Functions that take an address as a string. */
const IMAGE_SET_FUNCTIONS = new Set(['image-set', '-webkit-image-set']);
/** Functions that fetch or run something in a way a string check cannot follow. */
const FORBIDDEN_FUNCTIONS = new Set(['src', 'expression']);
/** Compounds that name the page itself; in dashboard CSS they name the dashboard's element. */
const PAGE_ROOT_TYPES = new Set(['html', 'body']);

const name = (raw: string): string => ident.decode(raw).toLowerCase();
/** `&` is a node type the parser has and @types/css-tree does not list yet. */
const isNesting = (node: CssNodePlain): boolean => (node.type as string) === 'NestingSelector';

function keyframesNames(nodes: CssNodePlain[], prefix: string): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: CssNodePlain) => {
    if (node.type !== 'Atrule') return;
    const keyframesName = node.prelude?.type === 'AtrulePrelude' ? node.prelude.children[0] : undefined;
    if (KEYFRAMES_AT_RULES.has(name(node.name)) && keyframesName?.type === 'Identifier') {
      names.set(keyframesName.name, `${prefix}${keyframesName.name}`);
    }
    for (const child of node.block?.children ?? []) visit(child);
  };
  for (const node of nodes) visit(node);
  return names;
}

function cleanNode(node: CssNodePlain, context: Context, place: Place): CssNodePlain[] {
  switch (node.type) {
    case 'Rule':
      return cleanRule(node, context, place);
    case 'Atrule':
      return cleanAtRule(node, context, place);
    case 'Declaration':
      return place === 'top' ? [] : cleanDeclaration(node, context, place);
    default:
      // Raw text the parser could not read, stray tokens: nothing to vouch for.
      return [];
  }
}

function cleanRule(rule: RulePlain, context: Context, place: Place): CssNodePlain[] {
  if (place === 'font-face' || rule.prelude.type !== 'SelectorList') return [];
  const selectors = rule.prelude.children.flatMap((selector) => {
    if (selector.type !== 'Selector') return [];
    const scoped = place === 'top' ? scopeSelector(selector) : nestedSelector(selector);
    return scoped ? [scoped] : [];
  });
  if (!selectors.length) return [];
  return [
    {
      ...rule,
      prelude: { ...rule.prelude, children: selectors },
      block: {
        ...rule.block,
        children: rule.block.children.flatMap((child) => cleanNode(child, context, 'nested')),
      },
    },
  ];
}

/** `html`, `body`, `:root` or `&`, alone: the page, which for dashboard CSS is the dashboard's element. */
function isPageRoot(compound: CssNodePlain[]): boolean {
  return (
    compound.length > 0 &&
    compound.every(
      (part) =>
        (part.type === 'TypeSelector' && PAGE_ROOT_TYPES.has(name(part.name))) ||
        (part.type === 'PseudoClassSelector' && name(part.name) === 'root') ||
        isNesting(part),
    )
  );
}

function namesScope(compound: CssNodePlain[]): boolean {
  return compound.some(
    (part) => part.type === 'ClassSelector' && ident.decode(part.name) === DASHBOARD_CSS_SCOPE,
  );
}

const scopeClass = (): CssNodePlain => ({ type: 'ClassSelector', name: DASHBOARD_CSS_SCOPE });
const isSiblingCombinator = (node: CssNodePlain | undefined): boolean =>
  node?.type === 'Combinator' && (node.name === '+' || node.name === '~');

/**
 * A top-level selector made to match inside the dashboard only: `X` becomes `.dashboard-page X`;
 * leading page-root compounds (`html body X`) are the dashboard's element; a selector that starts at
 * that element and goes to its siblings (`body ~ X`) reaches outside and is dropped.
 */
function scopeSelector(selector: SelectorPlain): SelectorPlain | null {
  let parts = selector.children.filter((part) => part.type !== 'WhiteSpace');
  for (;;) {
    const end = parts.findIndex((part) => part.type === 'Combinator');
    const compound = end === -1 ? parts : parts.slice(0, end);
    if (!isPageRoot(compound)) {
      if (namesScope(compound))
        return isSiblingCombinator(parts[end]) ? null : { ...selector, children: parts };
      if (parts[0]?.type === 'Combinator') {
        // A relative selector (`> X`): relative to the dashboard's element.
        return isSiblingCombinator(parts[0]) ? null : { ...selector, children: [scopeClass(), ...parts] };
      }
      return { ...selector, children: [scopeClass(), { type: 'Combinator', name: ' ' }, ...parts] };
    }
    if (end === -1) return { ...selector, children: [scopeClass()] };
    if (isSiblingCombinator(parts[end])) return null;
    parts = parts.slice(end + 1);
    if (!parts.length) return null;
  }
}

/**
 * A nested rule's selector is relative to its parent, which is in the dashboard; only `&` followed by a
 * sibling combinator could step out (when the parent is the dashboard's element itself), so such a
 * selector is dropped.
 */
function nestedSelector(selector: SelectorPlain): SelectorPlain | null {
  let nesting = false;
  let sibling = false;
  visitAll(selector, (node) => {
    if (isNesting(node)) nesting = true;
    if (isSiblingCombinator(node)) sibling = true;
  });
  return nesting && sibling ? null : selector;
}

function cleanAtRule(rule: AtrulePlain, context: Context, place: Place): CssNodePlain[] {
  const atName = name(rule.name);
  if (place === 'font-face') return [];
  if (atName === 'font-face') {
    if (place !== 'top' || !rule.block) return [];
    const block = rule.block.children.flatMap((child) => cleanNode(child, context, 'font-face'));
    return [{ ...rule, block: { ...rule.block, children: block } }];
  }
  if (KEYFRAMES_AT_RULES.has(atName) && rule.block && rule.prelude?.type === 'AtrulePrelude') {
    const [keyframesName] = rule.prelude.children;
    const renamed =
      keyframesName?.type === 'Identifier' ? context.keyframes.get(keyframesName.name) : undefined;
    if (!renamed) return [];
    const frames = rule.block.children.flatMap((frame) =>
      frame.type === 'Rule' && frame.prelude.type === 'SelectorList'
        ? [
            {
              ...frame,
              block: {
                ...frame.block,
                children: frame.block.children.flatMap((child) =>
                  child.type === 'Declaration' ? cleanDeclaration(child, context, 'nested') : [],
                ),
              },
            },
          ]
        : [],
    );
    return [
      {
        ...rule,
        prelude: { ...rule.prelude, children: [{ type: 'Identifier', name: renamed }] },
        block: { ...rule.block, children: frames },
      },
    ];
  }
  if (GROUPING_AT_RULES.has(atName) && rule.block) {
    // A named layer could reorder the app's own layers; an anonymous one only holds the dashboard's rules.
    const prelude = atName === 'layer' ? null : rule.prelude;
    const children = rule.block.children.flatMap((child) => cleanNode(child, context, place));
    return [{ ...rule, prelude, block: { ...rule.block, children } }];
  }
  // @import (whose sheet could not be scoped), @namespace, @page, @property, @font-feature-values,
  // @scope, layer statements and whatever else: page-wide or unknown.
  return [];
}

function cleanDeclaration(declaration: DeclarationPlain, context: Context, place: Place): CssNodePlain[] {
  const property = name(declaration.property);
  if (FORBIDDEN_PROPERTIES.has(property)) return [];
  let allowed = true;
  visitAll(declaration.value, (node) => {
    if (node.type === 'Url') allowed &&= addressAllowed(node.value, context.origin, place);
    if (node.type === 'Raw') allowed &&= rawAllowed(node.value);
    if (node.type === 'Function') {
      const fn = name(node.name);
      if (FORBIDDEN_FUNCTIONS.has(fn)) allowed = false;
      // `url("…")` spelled with escapes, and image-set("…"): the address is a string argument.
      if (fn === 'url' || IMAGE_SET_FUNCTIONS.has(fn)) {
        for (const argument of node.children) {
          if (argument.type === 'String') allowed &&= addressAllowed(argument.value, context.origin, place);
          // An address from a custom property cannot be checked here.
          if (argument.type === 'Function' && name(argument.name) === 'var') allowed = false;
        }
      }
    }
  });
  if (!allowed) return [];
  if (ANIMATION_PROPERTIES.has(property) && declaration.value.type === 'Value') {
    const children = declaration.value.children.map((node) =>
      node.type === 'Identifier' && context.keyframes.has(node.name)
        ? { ...node, name: context.keyframes.get(node.name) ?? node.name }
        : node,
    );
    return [{ ...declaration, value: { ...declaration.value, children } }];
  }
  return [declaration];
}

/**
 * Text the value parser gave up on: kept only when it cannot call a function or spell one with
 * escapes, since every way CSS has to fetch something is a function (url(), image-set(), src()).
 */
function rawAllowed(text: string): boolean {
  return !/[(\\]/.test(text);
}

/** Same origin as the page (a relative path, too), or a data: image outside @font-face. */
function addressAllowed(address: string, origin: string, place: Place): boolean {
  let resolved: URL;
  try {
    resolved = new URL(address, `${origin}/`);
  } catch {
    return false;
  }
  if (resolved.protocol === 'data:') return place !== 'font-face' && /^data:image\//i.test(resolved.href);
  return resolved.origin === origin;
}

/** Calls `visit` on a plain node and everything under it. */
function visitAll(node: CssNodePlain, visit: (node: CssNodePlain) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) visitAll(child, visit);
    } else if (isNode(value)) {
      visitAll(value, visit);
    }
  }
}

function isNode(value: unknown): value is CssNodePlain {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}
