import { useCallback, useEffect, useState } from 'react';
import type { DashboardWidget } from '@loupe/platform';
import { WIDGET_REMOTES, type RemoteDefinition, type RemoteKey } from '../../federation/remote-catalog';
import { loadRemoteWidgets, resetRemote } from '../../federation/remote-loader';
import { reportRemoteLoad } from '../../federation/remote-unavailable';

export type WidgetSource =
  | { remote: RemoteDefinition; status: 'loading' }
  | { remote: RemoteDefinition; status: 'ready'; widgets: DashboardWidget[] }
  | { remote: RemoteDefinition; status: 'error' };

export interface PlacedWidget extends DashboardWidget {
  remote: RemoteKey;
}

/**
 * Loads every widget-contributing remote's `./widgets` independently: one that fails is reported on its own
 * (with a retry) while the others' widgets show.
 */
export function useDashboardWidgets() {
  const [sources, setSources] = useState<WidgetSource[]>(() =>
    WIDGET_REMOTES.map((remote) => ({ remote, status: 'loading' as const })),
  );
  const [attempts, setAttempts] = useState<Record<string, number>>({});

  useEffect(() => {
    let live = true;
    const update = (next: WidgetSource) =>
      live &&
      setSources((all) => all.map((source) => (source.remote.key === next.remote.key ? next : source)));
    for (const remote of WIDGET_REMOTES) {
      loadRemoteWidgets(remote.key).then(
        (widgets) => {
          reportRemoteLoad(remote.key, true);
          update({ remote, status: 'ready', widgets });
        },
        (error: unknown) => {
          // The sections of a remote whose widgets failed are not named as working by other notices.
          reportRemoteLoad(remote.key, false);
          console.error(`Dashboard widgets of ${remote.name} could not be loaded`, error);
          update({ remote, status: 'error' });
        },
      );
    }
    return () => {
      live = false;
    };
    // Re-run for a retried remote only; the others answer from the loader's cache.
  }, [attempts]);

  const retry = useCallback((key: RemoteKey) => {
    resetRemote(key);
    setSources((all) =>
      all.map((source) =>
        source.remote.key === key ? { remote: source.remote, status: 'loading' } : source,
      ),
    );
    setAttempts((all) => ({ ...all, [key]: (all[key] ?? 0) + 1 }));
  }, []);

  const widgets: PlacedWidget[] = sources
    .flatMap((source) =>
      source.status === 'ready'
        ? source.widgets.map((widget) => ({ ...widget, remote: source.remote.key }))
        : [],
    )
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));

  return { sources, widgets, retry };
}
