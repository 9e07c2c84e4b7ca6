import type { StockTakeCounts } from '@loupe/contracts';
import { formatCount } from '@loupe/platform';
import styled from 'styled-components';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  div {
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-size: 1.6rem;
    font-weight: 700;
  }
`;

/** Expected, found, missing and unexpected, each with its own label (a screen reader reads them in pairs). */
export function CountFigures({ counts, label }: { counts: StockTakeCounts; label: string }) {
  const figures: [string, number][] = [
    ['Expected', counts.expected],
    ['Found', counts.found],
    ['Missing', counts.missing],
    ['Unexpected', counts.unexpected],
  ];
  return (
    <Figures aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </Figures>
  );
}
