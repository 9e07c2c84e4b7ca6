import type { SessionInfo } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  formatMoment,
  isNotFound,
  LoadStateView,
  Modal,
  plural,
  Stack,
  useAuth,
  VisuallyHidden,
  type AlertTone,
} from '@loupe/platform';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { SESSIONS_LOAD_FAILED, useSessions } from '../api/get-sessions';
import { SIGN_OUT_OTHERS_FAILED, useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { SIGN_OUT_SESSION_FAILED, useSignOutSession } from '../api/sign-out-session';

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
`;

/** A session's details, and its button pushed to the far side (below them on a phone). */
const Row = styled(Stack).attrs({ as: 'li', $row: true, $spread: true })`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Device = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Tag = styled.span`
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.success};
  font-size: 0.8rem;
  font-weight: 600;
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Where the last action's outcome is said; it takes focus when the control that had it went away. */
const Outcome = styled.div`
  &:focus {
    outline: none;
  }
`;

const deviceName = (session: SessionInfo) => session.device || 'Unknown device';

function SessionRow({
  session,
  timeZone,
  busy,
  onSignOut,
}: {
  session: SessionInfo;
  timeZone: string | undefined;
  busy: boolean;
  onSignOut(session: SessionInfo): void;
}) {
  const metaId = useId();
  const device = deviceName(session);
  return (
    <Row>
      <div>
        <Device>
          {device}
          {session.current ? <Tag>This device</Tag> : null}
        </Device>
        <Muted id={metaId}>
          {session.ip_address || 'Unknown address'} · Last seen {formatMoment(session.last_seen_at, timeZone)}
        </Muted>
      </div>
      {session.current ? null : (
        // The device is in the name and the address in the description, so each button says which one it ends.
        <Button
          variant="secondary"
          // Not `disabled`: a focused button that becomes disabled drops focus, and a failure should leave it
          // where it was. A press while another sign-out is under way is ignored instead.
          aria-disabled={busy || undefined}
          aria-describedby={metaId}
          onClick={() => onSignOut(session)}
        >
          Sign out<VisuallyHidden> {device}</VisuallyHidden>
        </Button>
      )}
    </Row>
  );
}

/**
 * "Your sessions": where the user is signed in, so a session they do not recognise (a lost phone, a shared
 * computer) can be ended from here. This session is listed first and cannot be ended here; signing out is.
 */
export function SessionsSection() {
  const titleId = useId();
  const noOthersId = useId();
  // Read here, not only by the date helpers, so the times follow a change of shop (and of its zone) at once.
  const { shop } = useAuth();
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  // The number of other sessions when the user asked, which the question names: the list may change under it.
  const [confirming, setConfirming] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ tone: AlertTone; text: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Set when an action succeeds: its button is then gone (the row) or disabled (no others left), which drops
  // focus on the page's body; the outcome takes it, so keyboard and screen-reader users are not sent to the top.
  // After a failure the button stays where it was, and so does focus.
  const refocus = useRef(false);
  const busy = signOut.isPending || signOutOthers.isPending;

  useEffect(() => {
    if (!refocus.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body) {
      refocus.current = false;
      outcomeRef.current?.focus();
    }
  });

  const report = (tone: AlertTone, text: string) => {
    refocus.current = tone === 'success';
    setOutcome({ tone, text });
  };

  function handleSignOut(session: SessionInfo) {
    if (busy) return;
    setOutcome(null);
    const device = deviceName(session);
    signOut.mutate(session.id, {
      onSuccess: () => report('success', `Signed out ${device}.`),
      onError: (error) =>
        isNotFound(error)
          ? report('success', `${device} was already signed out.`)
          : report('error', errorMessage(error, SIGN_OUT_SESSION_FAILED)),
    });
  }

  function openConfirm(others: number) {
    if (busy) return;
    setOutcome(null);
    signOutOthers.reset();
    setConfirming(others);
  }

  function confirmSignOutOthers() {
    signOutOthers.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(null);
        report('success', answer.detail);
      },
    });
  }

  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>Your sessions</h2>
      <Outcome ref={outcomeRef} tabIndex={-1}>
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      </Outcome>
      <LoadStateView
        state={sessions}
        onRetry={() => void sessions.refetch()}
        loadingLabel="Loading sessions..."
        errorText={SESSIONS_LOAD_FAILED}
      >
        {({ results }) => {
          const ordered = [...results].sort((a, b) => Number(b.current) - Number(a.current));
          const others = ordered.filter((session) => !session.current).length;
          return (
            <>
              <List aria-labelledby={titleId}>
                {ordered.map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    timeZone={shop?.time_zone}
                    busy={busy}
                    onSignOut={handleSignOut}
                  />
                ))}
              </List>
              <Button
                variant="danger"
                disabled={others === 0}
                aria-disabled={busy || undefined}
                aria-describedby={others === 0 ? noOthersId : undefined}
                onClick={() => openConfirm(others)}
              >
                Sign out other sessions
              </Button>
              {others === 0 ? <Muted id={noOthersId}>You are not signed in anywhere else.</Muted> : null}
            </>
          );
        }}
      </LoadStateView>
      <Modal open={confirming !== null} title="Sign out other sessions?" onClose={() => setConfirming(null)}>
        <p>
          This signs out {plural(confirming ?? 0, 'other session', 'other sessions')} on other devices or
          browsers: whoever uses them must sign in again. You stay signed in on this device.
        </p>
        {signOutOthers.isError ? (
          <Alert>{errorMessage(signOutOthers.error, SIGN_OUT_OTHERS_FAILED)}</Alert>
        ) : null}
        <p>
          <Button
            variant="danger"
            disabled={signOutOthers.isPending}
            aria-busy={signOutOthers.isPending || undefined}
            onClick={confirmSignOutOthers}
          >
            Sign out other sessions
          </Button>
        </p>
      </Modal>
    </Card>
  );
}
