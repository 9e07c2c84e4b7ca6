import { Link } from 'react-router-dom';
import { labelsPageUrl } from '../lib/label-request';

/** The item page's way to its label: the print view of this one item, as a jeweller's tag. */
export function PrintLabelLink({ itemId }: { itemId: number }) {
  return <Link to={labelsPageUrl({ ids: [itemId], filters: {}, size: 'tag' })}>Print label</Link>;
}
