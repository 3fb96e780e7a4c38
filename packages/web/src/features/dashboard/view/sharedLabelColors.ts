import { categoricalScheme, type DashboardMetadata } from '@vitrina/common';

/** The colours the dashboard forces on labels: label_colors first, then the shared and map ones. */
export function forcedLabelColors(metadata: DashboardMetadata): Record<string, string> {
  const shared = Array.isArray(metadata.shared_label_colors) ? {} : (metadata.shared_label_colors ?? {});
  return { ...(metadata.map_label_colors ?? {}), ...shared, ...(metadata.label_colors ?? {}) };
}

/**
 * One label → colour map for every chart of a dashboard, so a label has the same colour in each chart:
 * labels the dashboard forces keep their colour; any other label takes the dashboard scheme's next
 * colour the first time any chart asks for it. Charts read it as their `labelColors`; the object
 * answers every lookup (a chart's colour scale reads `labelColors[label]`), assigning on first read.
 */
export function sharedLabelColors(metadata: DashboardMetadata): Record<string, string> {
  const { colors } = categoricalScheme(metadata.color_scheme);
  const forced = forcedLabelColors(metadata);
  const assigned = new Map<string, string>();
  const colorOf = (label: string): string => {
    const fixed = forced[label];
    if (fixed) return fixed;
    let color = assigned.get(label);
    if (!color) {
      color = colors[assigned.size % colors.length] as string;
      assigned.set(label, color);
    }
    return color;
  };
  return new Proxy(forced, {
    get: (_target, property) => (typeof property === 'string' ? colorOf(property) : undefined),
  });
}
