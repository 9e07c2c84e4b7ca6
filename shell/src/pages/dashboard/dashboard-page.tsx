import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, PageHeader, Spinner, usePageTitle, type DashboardTab } from '@loupe/platform';
import { Tabs } from './dashboard-tabs';
import { useDashboardWidgets, type PlacedWidget, type WidgetSource } from './use-dashboard-widgets';
import { WelcomeBanner } from './welcome-banner';
import { WidgetFrame } from './widget-frame';

const Grid = styled.div<{ $min: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  & > * {
    min-width: 0;
  }
`;

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.muted};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const TABS: readonly { key: DashboardTab; label: string }[] = [
  { key: 'clients', label: 'Clients' },
  { key: 'stats', label: 'Stats' },
];

/** `summary`: the four headline cards, narrower so that they share one row on a laptop. */
function WidgetGrid({ widgets, summary = false }: { widgets: PlacedWidget[]; summary?: boolean }) {
  return (
    <Grid $min={summary ? '220px' : '280px'}>
      {widgets.map((widget) => (
        <WidgetFrame key={`${widget.remote}:${widget.id}`} widget={widget} />
      ))}
    </Grid>
  );
}

function SourceNotices({
  sources,
  onRetry,
}: {
  sources: WidgetSource[];
  onRetry: (source: WidgetSource) => void;
}) {
  const failed = sources.filter((source) => source.status === 'error');
  const loading = sources.some((source) => source.status === 'loading');
  return (
    <>
      {loading ? <Spinner label="Loading dashboard..." /> : null}
      {failed.map((source) => (
        <Notice key={source.remote.key} role="alert">
          <span>{source.remote.title} widgets are unavailable.</span>
          <Button variant="secondary" onClick={() => onRetry(source)}>
            Retry
          </Button>
        </Notice>
      ))}
    </>
  );
}

/** The dashboard frame: banner, tabs and whatever widgets the remotes contribute (SPEC §2). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { sources, widgets, retry } = useDashboardWidgets();
  const [params, setParams] = useSearchParams();
  const tab: DashboardTab = params.get('tab') === 'stats' ? 'stats' : 'clients';
  const selectTab = (key: DashboardTab) =>
    setParams(key === 'clients' ? {} : { tab: key }, { replace: true, preventScrollReset: true });

  const panel = (key: DashboardTab, label: string) => {
    const inTab = widgets.filter((widget) => widget.tab === key);
    return inTab.length > 0 ? (
      <WidgetGrid widgets={inTab} />
    ) : (
      <Empty>No {label.toLowerCase()} widgets to show.</Empty>
    );
  };

  return (
    <section>
      <PageHeader title="Dashboard" />
      <WelcomeBanner />
      <SourceNotices sources={sources} onRetry={(source) => retry(source.remote.key)} />
      <WidgetGrid summary widgets={widgets.filter((widget) => !widget.tab)} />
      <Tabs
        label="Dashboard sections"
        selected={tab}
        onSelect={selectTab}
        tabs={TABS.map(({ key, label }) => ({ key, label, panel: panel(key, label) }))}
      />
    </section>
  );
}
