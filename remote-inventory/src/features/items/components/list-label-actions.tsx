import { LABELS_MAX_ITEMS, type ItemRow } from '@loupe/contracts';
import { Button, formatCount, Stack } from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { LABEL_FILTERS, labelsPageUrl, type LabelRequest } from '../lib/label-request';

const Bar = styled(Stack).attrs({ $row: true, $spread: true })`
  flex-wrap: wrap;
  margin: ${({ theme }) => `${theme.space(2)} 0`};
  label {
    display: inline-flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
`;

/** The list's rows picked for labels, by item id (kept while the list pages on). */
export type Selection = ReadonlySet<number>;

/** The list's filters as the labels take them (its fixed ones too, e.g. the In Stock list's status). */
export function labelFiltersOf(query: Record<string, unknown>): LabelRequest['filters'] {
  const filters: LabelRequest['filters'] = {};
  for (const name of LABEL_FILTERS) {
    const value = query[name];
    if (typeof value === 'string' && value) filters[name] = value;
  }
  return filters;
}

/**
 * Above a stock list: "Select all on this page" and "Print labels" — for the rows picked, or with none picked
 * for the whole filtered list (the first LABELS_MAX_ITEMS; the link says so when the list is longer).
 */
export function ListLabelActions({
  rows,
  total,
  query,
  selected,
  onSelect,
}: {
  rows: ItemRow[];
  total: number;
  query: Record<string, unknown>;
  selected: Selection;
  onSelect(next: Selection): void;
}) {
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggleAll = () => {
    const next = new Set(selected);
    for (const row of rows) {
      if (allOnPage) next.delete(row.id);
      else next.add(row.id);
    }
    onSelect(next);
  };
  const link =
    selected.size > 0
      ? {
          to: labelsPageUrl({ ids: [...selected], filters: {}, size: 'a4' }),
          text: `Print labels (${formatCount(selected.size)} selected)`,
        }
      : {
          to: labelsPageUrl({ ids: null, filters: labelFiltersOf(query), size: 'a4' }),
          text:
            total > LABELS_MAX_ITEMS
              ? `Print labels (first ${formatCount(LABELS_MAX_ITEMS)} of ${formatCount(total)})`
              : `Print labels (all ${formatCount(total)})`,
        };
  return (
    <Bar>
      <label>
        <input type="checkbox" checked={allOnPage} onChange={toggleAll} disabled={rows.length === 0} />
        Select all on this page
      </label>
      <Stack $row>
        {selected.size > 0 ? (
          <Button variant="ghost" onClick={() => onSelect(new Set())}>
            Clear selection
          </Button>
        ) : null}
        <Link to={link.to}>{link.text}</Link>
      </Stack>
    </Bar>
  );
}

/** The first column of a stock list with selection: a checkbox naming the row's serial. */
export function SelectCell({
  item,
  selected,
  onSelect,
}: {
  item: ItemRow;
  selected: Selection;
  onSelect(next: Selection): void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${item.serial}`}
      checked={selected.has(item.id)}
      onChange={() => {
        const next = new Set(selected);
        if (next.has(item.id)) next.delete(item.id);
        else next.add(item.id);
        onSelect(next);
      }}
    />
  );
}
