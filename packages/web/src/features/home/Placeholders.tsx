import type { VizCategory } from '@vitrina/common';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The pictures a home card shows when its object has no thumbnail: a sketch of the chart's kind, a
 * neutral dashboard of tiles, or a query's first lines. Drawn in the theme's faint ink.
 */

const INK = 'var(--ant-color-text-quaternary, #d9d9d9)';
const FAINT = 'var(--ant-color-fill-secondary, #f0f0f0)';

export const COVER_STYLE: CSSProperties = {
  display: 'block',
  width: '100%',
  height: 160,
  background: 'var(--ant-color-fill-quaternary, #fafafa)',
};

/** What each kind of chart looks like, in a 200×100 box. */
const CHART_SKETCHES: Record<VizCategory, ReactNode> = {
  table: (
    <g stroke={INK} strokeWidth="1.5" fill="none">
      <rect x="40" y="18" width="120" height="66" rx="3" />
      <rect x="40" y="18" width="120" height="13" fill={INK} />
      {[44, 57, 70].map((y) => (
        <line key={y} x1="40" y1={y} x2="160" y2={y} />
      ))}
      <line x1="80" y1="18" x2="80" y2="84" />
      <line x1="120" y1="18" x2="120" y2="84" />
    </g>
  ),
  kpi: (
    <g fill={INK}>
      <rect x="62" y="28" width="76" height="30" rx="4" />
      <rect x="74" y="66" width="52" height="6" rx="3" />
      <polyline points="60,86 80,80 100,83 120,74 140,76" fill="none" stroke={INK} strokeWidth="2" />
    </g>
  ),
  evolution: (
    <g fill="none" stroke={INK} strokeWidth="2.5" strokeLinejoin="round">
      <polyline points="36,76 62,58 88,66 114,38 140,46 166,24" />
      <polyline points="36,84 62,78 88,80 114,66 140,70 166,58" opacity="0.6" />
      <line x1="32" y1="88" x2="170" y2="88" strokeWidth="1.5" />
    </g>
  ),
  distribution: (
    <g fill={INK}>
      {[
        [44, 70],
        [62, 52],
        [80, 34],
        [98, 24],
        [116, 40],
        [134, 58],
        [152, 72],
      ].map(([x, y]) => (
        <rect key={x} x={x} y={y} width="15" height={86 - (y as number)} rx="1.5" />
      ))}
    </g>
  ),
  partOfWhole: (
    <g>
      <circle cx="100" cy="50" r="34" fill={FAINT} stroke={INK} strokeWidth="1.5" />
      <path d="M100 50 L100 16 A34 34 0 0 1 132 61 Z" fill={INK} />
      <path d="M100 50 L132 61 A34 34 0 0 1 82 79 Z" fill={INK} opacity="0.55" />
    </g>
  ),
  ranking: (
    <g fill={INK}>
      {[118, 96, 78, 56, 38].map((width, index) => (
        <rect key={width} x="46" y={20 + index * 13} width={width} height="9" rx="2" />
      ))}
    </g>
  ),
  correlation: (
    <g fill={INK}>
      {[
        [50, 74],
        [62, 66],
        [74, 70],
        [86, 54],
        [98, 58],
        [110, 44],
        [122, 48],
        [134, 34],
        [146, 30],
        [158, 22],
      ].map(([cx, cy]) => (
        <circle key={cx} cx={cx} cy={cy} r="4.5" />
      ))}
      <line x1="40" y1="86" x2="168" y2="86" stroke={INK} strokeWidth="1.5" />
    </g>
  ),
  flow: (
    <g>
      <rect x="40" y="18" width="10" height="30" fill={INK} />
      <rect x="40" y="54" width="10" height="28" fill={INK} />
      <rect x="150" y="22" width="10" height="56" fill={INK} />
      <path d="M50 26 C100 26 100 30 150 30 L150 52 C100 52 100 40 50 40 Z" fill={INK} opacity="0.45" />
      <path d="M50 60 C100 60 100 56 150 56 L150 74 C100 74 100 76 50 76 Z" fill={INK} opacity="0.45" />
    </g>
  ),
  map: (
    <g fill="none" stroke={INK} strokeWidth="1.5">
      <path d="M40 24 L80 16 L120 24 L160 16 L160 80 L120 88 L80 80 L40 88 Z" fill={FAINT} />
      <line x1="80" y1="16" x2="80" y2="80" />
      <line x1="120" y1="24" x2="120" y2="88" />
      <path
        d="M100 36 a10 10 0 0 1 10 10 c0 8 -10 18 -10 18 s-10 -10 -10 -18 a10 10 0 0 1 10 -10 Z"
        fill={INK}
      />
    </g>
  ),
};

/** A sketch of the chart's kind (a generic one for an unknown type). */
export function ChartPlaceholder({ category, label }: { category: VizCategory | null; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 200 100"
      preserveAspectRatio="xMidYMid meet"
      style={COVER_STYLE}
    >
      {CHART_SKETCHES[category ?? 'distribution']}
    </svg>
  );
}

/** A dashboard: a header line and a grid of tiles with little charts in them. */
export function DashboardPlaceholder({ label }: { label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 200 100"
      preserveAspectRatio="xMidYMid meet"
      style={COVER_STYLE}
    >
      <g fill={FAINT} stroke={INK} strokeWidth="1.2">
        <rect x="30" y="12" width="140" height="8" rx="2" fill={INK} stroke="none" />
        <rect x="30" y="26" width="66" height="30" rx="3" />
        <rect x="104" y="26" width="66" height="30" rx="3" />
        <rect x="30" y="62" width="43" height="28" rx="3" />
        <rect x="79" y="62" width="43" height="28" rx="3" />
        <rect x="128" y="62" width="42" height="28" rx="3" />
      </g>
      <g fill="none" stroke={INK} strokeWidth="1.8" strokeLinejoin="round">
        <polyline points="38,48 52,40 66,44 80,34 88,36" />
        <path d="M137 41 a9 9 0 1 0 0.1 0" />
      </g>
      <g fill={INK}>
        <rect x="112" y="44" width="8" height="8" />
        <rect x="124" y="38" width="8" height="14" />
        <rect x="150" y="40" width="8" height="12" />
        <rect x="38" y="72" width="27" height="8" rx="2" />
        <rect x="87" y="78" width="6" height="8" />
        <rect x="96" y="72" width="6" height="14" />
        <rect x="105" y="75" width="6" height="11" />
      </g>
    </svg>
  );
}

/** A saved query's first lines, as its picture. */
export function QueryPreview({ sql, label }: { sql: string; label: string }) {
  const lines = sql.split('\n').slice(0, 6).join('\n');
  return (
    <pre
      title={label}
      style={{
        ...COVER_STYLE,
        margin: 0,
        padding: '10px 12px',
        overflow: 'hidden',
        fontSize: 12,
        lineHeight: 1.5,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        color: 'var(--ant-color-text-secondary)',
        fontFamily: 'var(--ant-font-family-code, monospace)',
      }}
    >
      {lines}
    </pre>
  );
}
