/**
 * Colour schemes and the label-colour rules: a label forced by the dashboard (label_colors, then
 * shared_label_colors) keeps that colour; other labels take the scheme's colours in order of first
 * appearance, so one label has one colour across a chart's series, legend and tooltip. An unknown scheme
 * key falls back to the default scheme.
 */
import { DEFAULT_COLOR_SCHEME, DEFAULT_FIXED_COLOR } from './shared/controls.ts';

export interface ColorScheme {
  id: string;
  /** i18n key of the scheme's name under controls.colorSchemes. */
  labelKey: string;
  colors: readonly string[];
}

export const CATEGORICAL_SCHEMES: readonly ColorScheme[] = [
  {
    id: 'supersetColors',
    labelKey: 'controls.colorSchemes.supersetColors',
    colors: [
      '#1FA8C9',
      '#454E7C',
      '#5AC189',
      '#FF7F44',
      '#666666',
      '#E04355',
      '#FCC700',
      '#A868B7',
      '#3CCCCB',
      '#A38F79',
      '#8FD3E4',
      '#A1A6BD',
      '#ACE1C4',
      '#FEC0A1',
      '#B2B2B2',
      '#EFA1AA',
      '#FDE380',
      '#D3B3DA',
      '#9EE5E5',
      '#D1C6BC',
    ],
  },
  {
    id: 'vitrinaColors',
    labelKey: 'controls.colorSchemes.vitrinaColors',
    colors: [
      '#007A87',
      '#00A699',
      '#FC642D',
      '#484848',
      '#FFB400',
      '#7B0051',
      '#8CE071',
      '#FF5A5F',
      '#3B5998',
      '#B4A76C',
    ],
  },
  {
    id: 'd3Category10',
    labelKey: 'controls.colorSchemes.d3Category10',
    colors: [
      '#1f77b4',
      '#ff7f0e',
      '#2ca02c',
      '#d62728',
      '#9467bd',
      '#8c564b',
      '#e377c2',
      '#7f7f7f',
      '#bcbd22',
      '#17becf',
    ],
  },
  {
    id: 'echarts5Colors',
    labelKey: 'controls.colorSchemes.echarts5Colors',
    colors: [
      '#5470c6',
      '#91cc75',
      '#fac858',
      '#ee6666',
      '#73c0de',
      '#3ba272',
      '#fc8452',
      '#9a60b4',
      '#ea7ccc',
    ],
  },
  {
    id: 'blueToGreen',
    labelKey: 'controls.colorSchemes.blueToGreen',
    colors: ['#003f5c', '#2f4b7c', '#665191', '#a05195', '#d45087', '#f95d6a', '#ff7c43', '#ffa600'],
  },
];

/** Sequential schemes for heatmaps and treemap depth: from light to dark. */
export const SEQUENTIAL_SCHEMES: readonly ColorScheme[] = [
  {
    id: 'superset_seq_1',
    labelKey: 'controls.colorSchemes.sequentialBlue',
    colors: ['#ddf1fd', '#1FA8C9', '#084f61'],
  },
  {
    id: 'red_yellow_blue',
    labelKey: 'controls.colorSchemes.redYellowBlue',
    colors: ['#d73027', '#ffffbf', '#4575b4'],
  },
  {
    id: 'green_teal',
    labelKey: 'controls.colorSchemes.greenTeal',
    colors: ['#e5f5e0', '#00A699', '#005a4f'],
  },
];

export function categoricalScheme(schemeKey: string | null | undefined): ColorScheme {
  return (
    CATEGORICAL_SCHEMES.find((scheme) => scheme.id === schemeKey) ??
    (CATEGORICAL_SCHEMES.find((scheme) => scheme.id === DEFAULT_COLOR_SCHEME) as ColorScheme)
  );
}

export function sequentialScheme(schemeKey: string | null | undefined): ColorScheme {
  return (
    SEQUENTIAL_SCHEMES.find((scheme) => scheme.id === schemeKey) ?? (SEQUENTIAL_SCHEMES[0] as ColorScheme)
  );
}

export type ColorScale = (label: string) => string;

/** A scale for one chart: forced label colours first, then the scheme in order of first appearance. */
export function colorScale(
  schemeKey: string | null | undefined,
  labelColors: Record<string, string> = {},
): ColorScale {
  const { colors } = categoricalScheme(schemeKey);
  const assigned = new Map<string, string>();
  return (label) => {
    const key = String(label);
    const forced = labelColors[key];
    if (forced) return forced;
    let color = assigned.get(key);
    if (!color) {
      color = colors[assigned.size % colors.length] as string;
      assigned.set(key, color);
    }
    return color;
  };
}

export interface RgbaColor {
  r: number;
  g: number;
  b: number;
  a?: number;
}

/** A colour picker's {r,g,b,a} (or css text) as css; the default fixed colour when missing. */
export function rgbaToCss(color: RgbaColor | string | null | undefined): string {
  if (typeof color === 'string' && color.trim()) return color.trim();
  const { r, g, b, a = 1 } = (color && typeof color === 'object' ? color : DEFAULT_FIXED_COLOR) as RgbaColor;
  return `rgba(${r},${g},${b},${a})`;
}

/** Black or white text on a background: the spec's contrast threshold is 186 (perceived brightness). */
export function contrastText(background: string): '#000000' | '#FFFFFF' {
  const hex = background.replace('#', '');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return '#000000';
  const r = Number.parseInt(hex.slice(0, 2), 16);
  const g = Number.parseInt(hex.slice(2, 4), 16);
  const b = Number.parseInt(hex.slice(4, 6), 16);
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? '#000000' : '#FFFFFF';
}
