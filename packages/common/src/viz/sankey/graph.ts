/** The sankey's graph: links summed per (source, target) pair, node totals, and cycle detection. */

export interface Link {
  source: string;
  target: string;
  value: number;
}

/** Sums links that join the same pair, keeping the order of first appearance. */
export function mergeLinks(links: readonly Link[]): Link[] {
  const merged = new Map<string, Link>();
  for (const link of links) {
    const key = JSON.stringify([link.source, link.target]);
    const existing = merged.get(key);
    if (existing) existing.value += link.value;
    else merged.set(key, { ...link });
  }
  return [...merged.values()];
}

/** A node's size: the larger of what flows in and what flows out. */
export function nodeValues(links: readonly Link[]): Map<string, number> {
  const incoming = new Map<string, number>();
  const outgoing = new Map<string, number>();
  for (const { source, target, value } of links) {
    outgoing.set(source, (outgoing.get(source) ?? 0) + value);
    incoming.set(target, (incoming.get(target) ?? 0) + value);
  }
  const values = new Map<string, number>();
  for (const name of new Set([...incoming.keys(), ...outgoing.keys()]))
    values.set(name, Math.max(incoming.get(name) ?? 0, outgoing.get(name) ?? 0));
  return values;
}

/** The nodes of a cycle, first node repeated at the end (A → B → A), or null when the graph has none. */
export function findCycle(links: readonly Link[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const { source, target } of links) {
    const targets = next.get(source);
    if (targets) targets.push(target);
    else next.set(source, [target]);
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  // Iterative depth-first search, so long chains cannot overflow the stack.
  for (const start of next.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; index: number }> = [{ node: start, index: 0 }];
    state.set(start, 'visiting');
    path.push(start);
    while (stack.length) {
      const frame = stack[stack.length - 1] as { node: string; index: number };
      const targets = next.get(frame.node) ?? [];
      if (frame.index >= targets.length) {
        state.set(frame.node, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const target = targets[frame.index++] as string;
      const seen = state.get(target);
      if (seen === 'visiting') return [...path.slice(path.indexOf(target)), target];
      if (seen === 'done') continue;
      state.set(target, 'visiting');
      path.push(target);
      stack.push({ node: target, index: 0 });
    }
  }
  return null;
}
