import type { PopKpiChartProps } from '@vitrina/common/viz/popKpi/index';
import { Flex, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { fittedFontSize } from '../bigNumber/fontSize.ts';
import type { ChartComponentProps } from '../types.ts';

const SIDE_PADDING = 16;
/** The comparisons are at most this share of the number's size. */
const COMPARISON_SHARE = 0.5;
/** Width the three comparison boxes take beside their text: paddings, gaps, symbol spacing. */
const COMPARISON_CHROME = 3 * 16 + 2 * 8 + 3 * 6;
const KEYS = 'viz.types.popKpi.texts';

/**
 * Big number with time period comparison: the current value as large as its font-size setting and the
 * width allow, and under it the comparison as Superset shows it — # the previous value, △ the
 * difference, % the change — each explained by its tooltip (the periods with their last day included).
 */
export function PopKpiChart({ props, width, height }: ChartComponentProps) {
  const kpi = props as unknown as PopKpiChartProps;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const innerWidth = Math.max(1, width - SIDE_PADDING);
  const empty = kpi.value === null;
  const header = empty ? t(`${KEYS}.noData`) : kpi.headerText;
  const headerSize = fittedFontSize(header, Math.ceil(kpi.headerFontSize * height), innerWidth);
  const toneColor =
    kpi.changeTone === 'positive'
      ? token.colorSuccess
      : kpi.changeTone === 'negative'
        ? token.colorError
        : undefined;

  const comparisons = [
    {
      symbol: '#',
      name: t(`${KEYS}.previous`),
      text: kpi.previousText,
      tip: t(`${KEYS}.dataFor`, { period: kpi.previousPeriod ?? t(`${KEYS}.previousPeriod`) }),
      color: undefined,
    },
    {
      symbol: '△',
      name: t(`${KEYS}.difference`),
      text: kpi.differenceText,
      tip: t(`${KEYS}.difference`),
      color: toneColor,
    },
    {
      symbol: '%',
      name: t(`${KEYS}.percent`),
      text: kpi.percentText,
      tip: t(`${KEYS}.percent`),
      color: toneColor,
    },
  ];

  // The three comparisons share one line under the number, smaller than it.
  const line = comparisons.map((item) => `${item.symbol} ${item.text || '–'}`).join('');
  const comparisonSize = Math.max(
    10,
    Math.min(
      Math.ceil(kpi.subheaderFontSize * height),
      Math.floor(headerSize * COMPARISON_SHARE),
      fittedFontSize(line, height, innerWidth - COMPARISON_CHROME),
    ),
  );

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={8}
      style={{ width, height, overflow: 'hidden', padding: `0 ${SIDE_PADDING / 2}px` }}
    >
      <Tooltip
        title={kpi.currentPeriod ? t(`${KEYS}.currentPeriod`, { period: kpi.currentPeriod }) : undefined}
      >
        <div
          data-testid="pop-kpi-value"
          style={{
            fontSize: headerSize,
            lineHeight: 1,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            color: empty ? token.colorTextSecondary : token.colorText,
          }}
        >
          {header}
        </div>
      </Tooltip>
      {!empty && (
        <Flex justify="center" gap={8} role="list">
          {comparisons.map((item) => (
            <Tooltip key={item.symbol} title={item.tip}>
              <Flex
                role="listitem"
                aria-label={item.name}
                data-testid={`pop-kpi-${item.symbol === '#' ? 'previous' : item.symbol === '△' ? 'difference' : 'percent'}`}
                align="center"
                gap={6}
                style={{
                  fontSize: comparisonSize,
                  padding: '2px 8px',
                  borderRadius: token.borderRadius,
                  background: token.colorFillTertiary,
                }}
              >
                <span style={{ color: token.colorTextSecondary }}>{item.symbol}</span>
                <span style={{ fontWeight: 600, color: item.color ?? token.colorText }}>
                  {item.text || '–'}
                </span>
              </Flex>
            </Tooltip>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
