import { useEffect, useRef, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { can, type Action } from '@loupe/contracts';
import { Button, Card, useAuth, type AuthContextValue } from '@loupe/platform';
import { isGroup, navEntriesFor, userMenuLinksFor } from '../layout/nav-items';
import { remoteForPath, type RemoteDefinition, type RemoteKey } from './remote-catalog';

const Box = styled(Card)`
  max-width: 560px;
  h2 {
    margin-top: 0;
  }
  /* Focus is moved here by script so assistive technology announces it; it is not a control to outline. */
  h2:focus {
    outline: none;
  }
  p {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/*
 * Which remotes' code failed to load in this page, as far as anything has tried: a remote counts as working
 * until a load of it fails, and again once one succeeds (a Retry, or a later visit).
 */
let failedRemotes: ReadonlySet<RemoteKey> = new Set();
const listeners = new Set<() => void>();

/** Called by whatever loaded a remote's code, with the outcome. */
export function reportRemoteLoad(key: RemoteKey, loaded: boolean): void {
  if (failedRemotes.has(key) !== loaded) return;
  const next = new Set(failedRemotes);
  if (loaded) next.delete(key);
  else next.add(key);
  failedRemotes = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useFailedRemotes(): ReadonlySet<RemoteKey> {
  return useSyncExternalStore(subscribe, () => failedRemotes);
}

interface Section {
  label: string;
  /** The screens it opens; a section works while none of their remotes has failed. */
  paths: readonly string[];
}

/** What a user reaches from the layout: the sidebar, then the user menu's screens their role may open. */
function sectionsFor(role: AuthContextValue['role']): Section[] {
  const may = (action: Action) => can(role, action);
  return [
    ...navEntriesFor(may).map((entry) =>
      isGroup(entry)
        ? { label: entry.label, paths: entry.items.map((item) => item.to) }
        : { label: entry.label, paths: [entry.to] },
    ),
    ...userMenuLinksFor(may).map((link) => ({ label: link.label, paths: [link.to] })),
  ];
}

const listFormat = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/**
 * The sections of the layout this user can still open, by label: those of the shell itself and of remotes
 * that have not failed, never `down` (which just did).
 */
export function workingSections(
  role: AuthContextValue['role'],
  down: RemoteKey,
  failed: ReadonlySet<RemoteKey>,
): string[] {
  const works = (path: string) => {
    const owner = remoteForPath(path)?.key;
    return owner === undefined || (owner !== down && !failed.has(owner));
  };
  return sectionsFor(role)
    .filter((section) => section.paths.every(works))
    .map((section) => section.label);
}

/**
 * What a remote's area shows when its code could not be loaded or its page failed: what still works for this
 * user (the layout's sections whose remotes have not failed, in the order the layout lists them), and Retry,
 * which loads the remote afresh.
 */
export function RemoteUnavailable({
  remote,
  onRetry,
  reason = 'This part of Loupe could not be loaded right now.',
}: {
  remote: RemoteDefinition;
  onRetry: () => void;
  /** Why, when the shell knows better than "could not be loaded" (a build for another version of Loupe). */
  reason?: string;
}) {
  const { role } = useAuth();
  const failed = useFailedRemotes();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the explanation instead of on a silently empty page.
  useEffect(() => heading.current?.focus(), []);
  const working = workingSections(role, remote.key, failed);
  return (
    <Box role="alert" aria-live="assertive">
      <h2 ref={heading} tabIndex={-1}>
        {remote.title} is unavailable
      </h2>
      <p>{reason}</p>
      {working.length > 0 ? <p>Still working for you: {listFormat.format(working)}.</p> : null}
      <Button onClick={onRetry}>Retry</Button>
    </Box>
  );
}
