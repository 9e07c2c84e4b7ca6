import { Alert } from '@loupe/platform';

interface OutcomeAlertProps {
  /** The form's mutation status: only a finished send has something to say. */
  status: 'idle' | 'pending' | 'success' | 'error';
  success: string;
  failure: string;
}

/** What became of a form's last send, above the form; nothing before it or while it is under way. */
export function OutcomeAlert({ status, success, failure }: OutcomeAlertProps) {
  if (status === 'success') return <Alert tone="success">{success}</Alert>;
  if (status === 'error') return <Alert>{failure}</Alert>;
  return null;
}
