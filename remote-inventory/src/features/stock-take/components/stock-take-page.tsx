import { useParams } from 'react-router-dom';
import { HttpError, Alert, Button, errorMessage, PageHeader, Spinner, usePageTitle } from '@loupe/platform';
import { idParam } from '../../../lib/ids';
import { useStockTake } from '../api/stock-takes';
import { CountScreen } from './count-screen';
import { VarianceReport } from './variance-report';

/** /inventory/stock-take/:id: an open count's scanning screen, or a closed count's variance report. */
export function StockTakePage() {
  usePageTitle('Stock Take');
  const id = idParam(useParams().id);
  return (
    <>
      <PageHeader title="Stock Take" />
      {id === null ? (
        <Alert>This count does not exist, or it belongs to another shop.</Alert>
      ) : (
        <Body id={id} />
      )}
    </>
  );
}

function Body({ id }: { id: number }) {
  const take = useStockTake(id);
  if (take.error && !take.data) {
    return take.error instanceof HttpError && take.error.status === 404 ? (
      <Alert>This count does not exist, or it belongs to another shop.</Alert>
    ) : (
      <Alert>
        {errorMessage(take.error, 'The count could not be loaded.')}{' '}
        <Button variant="secondary" onClick={() => void take.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!take.data) return <Spinner label="Loading count..." />;
  return take.data.status === 'open' ? <CountScreen take={take.data} /> : <VarianceReport take={take.data} />;
}
