/** The class of the element that holds a dashboard (header and layout): its CSS applies inside it only. */
export const DASHBOARD_CSS_SCOPE = 'dashboard-page';
