import type { DashboardWidget } from '@loupe/platform';

/** The dashboard cards this remote contributes (issue 24): they join as their endpoints land. */
const widgets: DashboardWidget[] = [];

export default widgets;
