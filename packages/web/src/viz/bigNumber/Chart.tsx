import type { BigNumberChartProps } from '@vitrina/common/viz/bigNumberTotal/index';
import { Flex, Tag, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartComponentProps } from '../types.ts';
import { fittedFontSize } from './fontSize.ts';
import { Trendline } from './Trendline.tsx';

/** Share of the height the trend line takes under the number (Superset's proportion). */
const TRENDLINE_SHARE = 0.3;
const SIDE_PADDING = 16;

/**
 * Big number and big number with trendline: the value as large as its font-size setting and the width
 * allow, the subheader (or the change against an earlier period) under it, and the trend line below.
 */
export function BigNumberChart({ props, width, height }: ChartComponentProps) {
  const number = props as unknown as BigNumberChartProps;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const trendHeight = number.trendline ? Math.floor(height * TRENDLINE_SHARE) : 0;
  const textHeight = height - trendHeight;
  const innerWidth = Math.max(1, width - SIDE_PADDING);

  const empty = number.value === null;
  const header = empty ? t('viz.types.bigNumberTotal.texts.noData') : number.headerText;
  const subheader =
    number.emptyReason === 'noDataLatest'
      ? t('viz.types.bigNumberTotal.texts.noDataLatest')
      : number.emptyReason === 'noData'
        ? t('viz.types.bigNumberTotal.texts.noDataHint')
        : number.subheader;
  const headerSize = fittedFontSize(header, Math.ceil(number.headerFontSize * textHeight), innerWidth);
  // The subheader wraps; only the number must stay on one line.
  const subheaderSize = Math.max(10, Math.ceil(number.subheaderFontSize * textHeight));
  const toneColor =
    number.changeTone === 'positive'
      ? token.colorSuccess
      : number.changeTone === 'negative'
        ? token.colorError
        : undefined;

  return (
    <div style={{ width, height, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Flex
        vertical
        align="center"
        justify="center"
        style={{ height: textHeight, padding: `0 ${SIDE_PADDING / 2}px` }}
      >
        {number.staleSince && (
          <Tooltip title={t('viz.types.bigNumberTotal.texts.lastAvailable', { date: number.staleSince })}>
            <Tag color="warning">{t('viz.types.bigNumberTotal.texts.notUpToDate')}</Tag>
          </Tooltip>
        )}
        {number.timestamp && (
          <div style={{ fontSize: Math.max(10, subheaderSize * 0.8), color: token.colorTextSecondary }}>
            {number.timestamp}
          </div>
        )}
        <div
          data-testid="big-number-header"
          style={{
            fontSize: headerSize,
            lineHeight: 1,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            color: empty ? token.colorTextSecondary : (number.color ?? token.colorText),
          }}
        >
          {header}
        </div>
        {subheader && (
          <div
            data-testid="big-number-subheader"
            style={{
              fontSize: subheaderSize,
              lineHeight: 1.4,
              marginTop: 4,
              textAlign: 'center',
              color: toneColor ?? token.colorTextSecondary,
            }}
          >
            {subheader}
          </div>
        )}
      </Flex>
      {number.trendline && <Trendline trendline={number.trendline} width={width} height={trendHeight} />}
    </div>
  );
}
