import type { AmlRefusal, CddMissing } from '@loupe/contracts';
import styled from 'styled-components';
import { formatMoney } from '../format';
import { HttpError } from '../http';
import { Alert } from './alert';

/**
 * The AML cash guard's refusal (a 409 whose body has rule 'aml_cash_threshold'), or null for any other failure:
 * the Sell dialog, the Quick Sale form and the Payment dialog tell it apart from other errors the same way.
 */
export function amlRefusalOf(error: unknown): AmlRefusal | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const data = error.data as Partial<AmlRefusal> | null;
  return data !== null &&
    typeof data === 'object' &&
    data.rule === 'aml_cash_threshold' &&
    typeof data.detail === 'string' &&
    Array.isArray(data.missing)
    ? (data as AmlRefusal)
    : null;
}

/** What each missing piece of due diligence asks staff to do. */
const TO_DO: Record<CddMissing, string> = {
  client: 'Choose the buyer’s client record (a walk-in cannot pay this much in cash).',
  identity_document: 'Upload an identity document to the client’s KYC documents.',
  verification: 'Record the verification on the client’s page (Due diligence).',
};

const Steps = styled.ul`
  margin: ${({ theme }) => `${theme.space(2)} 0 0`};
  padding-left: ${({ theme }) => theme.space(5)};
`;
const Figures = styled.p`
  margin: ${({ theme }) => `${theme.space(2)} 0 0`};
`;

/**
 * The refusal as one alert: the rule in the service's words, what is missing as steps to take, and the figures
 * it was judged on (this payment, and with the client's cash of the last 90 days, in euros).
 */
export function AmlRefusalAlert({
  refusal,
  title = 'Cash payment refused (anti-money-laundering rule).',
}: {
  refusal: AmlRefusal;
  title?: string;
}) {
  return (
    <Alert>
      <strong>{title}</strong> {refusal.detail}
      {refusal.missing.length > 0 && (
        <Steps aria-label="What is missing">
          {refusal.missing.map((m) => (
            <li key={m}>{TO_DO[m] ?? m}</li>
          ))}
        </Steps>
      )}
      <Figures>
        This payment: {formatMoney(refusal.amountEur, 'EUR')}.
        {!refusal.missing.includes('client') &&
          ` With the client’s cash in the last 90 days: ${formatMoney(refusal.linkedTotalEur, 'EUR')}.`}
      </Figures>
    </Alert>
  );
}
