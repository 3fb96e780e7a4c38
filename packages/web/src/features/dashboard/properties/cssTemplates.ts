/**
 * Ready-made dashboard CSS, like Superset's CSS templates: an author starts from one and edits it.
 * Product content, so the texts are fixed; the names are i18n keys under dashboardProperties.css.templates.
 */
export interface CssTemplate {
  id: 'flat' | 'courierBlack' | 'compact';
  css: string;
}

export const CSS_TEMPLATES: readonly CssTemplate[] = [
  {
    id: 'flat',
    css: `.dashboard-content {
  background-color: #f7f7f7;
}
.dashboard-component-chart-holder {
  border: none;
  border-radius: 0;
  box-shadow: none;
}
.dashboard-component-header {
  text-transform: uppercase;
  letter-spacing: 0.05em;
}
`,
  },
  {
    id: 'courierBlack',
    css: `.dashboard-content {
  background-color: #000000;
  color: #ffffff;
  font-family: "Courier New", Courier, monospace;
}
.dashboard-component-chart-holder {
  background-color: #111111;
  color: #ffffff;
  border: 1px solid #333333;
}
.dashboard-component-header {
  color: #ffffff;
}
`,
  },
  {
    id: 'compact',
    css: `.dashboard-component-chart-holder {
  padding: 4px;
}
.dashboard-component-header {
  font-size: 14px;
  margin: 4px 0;
}
`,
  },
];
