import {
  AppstoreOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  BoxPlotOutlined,
  BranchesOutlined,
  CloudOutlined,
  DashboardOutlined,
  DotChartOutlined,
  EnvironmentOutlined,
  FundOutlined,
  FunnelPlotOutlined,
  HeatMapOutlined,
  InsertRowAboveOutlined,
  LineChartOutlined,
  NumberOutlined,
  PieChartOutlined,
  RadarChartOutlined,
  RiseOutlined,
  StockOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { VizIconKey } from '@vitrina/common';
import type { ReactNode } from 'react';

/**
 * The gallery's pictures by icon key (a chart type names its key in its metadata). A Record, so a key
 * without a picture fails the build; a new type picks one of these or adds a key and its picture.
 */
export const VIZ_ICONS: Record<VizIconKey, ReactNode> = {
  table: <TableOutlined />,
  pivotTable: <InsertRowAboveOutlined />,
  number: <NumberOutlined />,
  trend: <RiseOutlined />,
  line: <LineChartOutlined />,
  bar: <BarChartOutlined />,
  area: <AreaChartOutlined />,
  scatter: <DotChartOutlined />,
  smoothLine: <StockOutlined />,
  mixed: <FundOutlined />,
  pie: <PieChartOutlined />,
  funnel: <FunnelPlotOutlined />,
  gauge: <DashboardOutlined />,
  heatmap: <HeatMapOutlined />,
  boxPlot: <BoxPlotOutlined />,
  treemap: <AppstoreOutlined />,
  sunburst: <RadarChartOutlined />,
  flow: <BranchesOutlined rotate={90} />,
  cloud: <CloudOutlined />,
  map: <EnvironmentOutlined />,
};
