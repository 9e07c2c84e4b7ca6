import type { WorkshopStage } from '@loupe/contracts';
import { MenuButton } from '@loupe/platform';
import type { DragEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { JobRow } from '../api/jobs';
import { daysInStageText, locationText, moveLabel, ownerOf, pieceOf, promisedText } from '../lib/jobs';

const Box = styled.article<{ $busy: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  cursor: grab;
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  a {
    font-weight: 600;
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

export const Badge = styled.span<{ $tone: 'danger' | 'warning' }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  /* The tone's colour on the card's surface, as alerts are: it meets contrast in both themes. */
  border: 1px solid currentColor;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.5;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

export interface JobCardProps {
  job: JobRow;
  /** The stages the contracts' rule lets this job move to now. */
  moves: readonly WorkshopStage[];
  busy: boolean;
  onMove(to: WorkshopStage): void;
  onDragStart(): void;
  onDragEnd(): void;
}

/**
 * One job on the board: its number (the link to its page), whose piece, what it is, the promised date, the rush
 * and overdue badges, days in its stage, where it is when in the workshop, and "Move to…" — the keyboard's way
 * (and a phone's) to do what dragging the card does.
 */
export function JobCard({ job, moves, busy, onMove, onDragStart, onDragEnd }: JobCardProps) {
  const titleId = `job-${job.id}-title`;
  const where = locationText(job);
  return (
    <Box
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      $busy={busy}
      draggable={moves.length > 0 && !busy}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData('text/plain', String(job.id));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
    >
      <Top>
        <Link id={titleId} to={`/workshop/jobs/${job.id}`}>
          {job.reference}
        </Link>
        {job.rush ? <Badge $tone="warning">Rush</Badge> : null}
        {job.overdue ? <Badge $tone="danger">Overdue</Badge> : null}
      </Top>
      <p>{ownerOf(job)}</p>
      <p>{pieceOf(job)}</p>
      <Muted>{promisedText(job.promisedDate)}</Muted>
      <Muted>{daysInStageText(job.daysInStage)}</Muted>
      {where ? <Muted>{where}</Muted> : null}
      {moves.length > 0 ? (
        <div>
          <MenuButton
            label={`Move to… ${job.reference}`}
            actions={moves.map((to) => ({
              key: to,
              label: moveLabel(job, to),
              disabled: busy,
              onSelect: () => onMove(to),
            }))}
          >
            Move to…
          </MenuButton>
        </div>
      ) : null}
    </Box>
  );
}
