import type { DashboardWidget } from '@loupe/platform';

/** The dashboard cards and tables this remote contributes to the shell's /dashboard. */
const widgets: DashboardWidget[] = [];

export default widgets;
