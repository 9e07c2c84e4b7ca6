import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

/**
 * Children in a column, or with `$row` side by side and wrapping on a narrow screen; `$spread` pushes a row's
 * first and last apart (a heading and its button).
 */
export const Stack = styled.div<{ $gap?: number; $row?: boolean; $spread?: boolean }>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  flex-wrap: ${({ $row }) => ($row ? 'wrap' : 'nowrap')};
  align-items: ${({ $row }) => ($row ? 'center' : 'stretch')};
  justify-content: ${({ $spread }) => ($spread ? 'space-between' : 'flex-start')};
  gap: ${({ theme, $gap = 3 }) => theme.space($gap)};
`;

/**
 * Form fields side by side, as many as fit at `$min` pixels each (one a row on a phone), so a form or a filter
 * bar reflows without a media query.
 */
export const FieldGrid = styled.div<{ $min?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = 200 }) => $min}px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
`;

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Header>
      <h1>{title}</h1>
      {actions ? <div>{actions}</div> : null}
    </Header>
  );
}

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  }
  th {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
  }
`;

const Scroll = styled.div`
  /* The containing block of visually hidden text in the table (absolutely positioned): without it that text
     escapes the scroll box and makes the whole page scroll sideways on a phone. */
  position: relative;
  width: 100%;
  overflow-x: auto;
  /* The box a table's rows become cards in when it is narrow (DataTable's container query, issue 21); its
     width never comes from the table's, so a grid or flex item holding it can always shrink. */
  container-type: inline-size;
`;

/**
 * Horizontal scroll for wide tables on small screens instead of a broken layout. While the table is wider
 * than its box, the box is a named region in the tab order, so that a keyboard can scroll it too (a table
 * without links or buttons would otherwise hide its right-hand columns from anyone without a mouse).
 */
export function TableScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [label, setLabel] = useState<string | null>(null);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      const caption = box.querySelector('caption')?.textContent?.trim();
      setLabel(scrolls ? caption || 'Table' : null);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  const scrolls = label !== null;
  return (
    <Scroll
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={label ?? undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </Scroll>
  );
}
