import { render, screen, within } from '@testing-library/react';
import { amlRefusalDetail, type AmlRefusal } from '@loupe/contracts';
import { ThemeModeProvider } from '../src/theme';
import { HttpError } from '../src/http';
import { AmlRefusalAlert, amlRefusalOf } from '../src/ui';

const refusal: AmlRefusal = {
  detail: amlRefusalDetail(['identity_document', 'verification']),
  rule: 'aml_cash_threshold',
  missing: ['identity_document', 'verification'],
  amountEur: 4117.64,
  linkedTotalEur: 10000,
};

describe('amlRefusalOf', () => {
  it('recognises only a 409 carrying the AML rule', () => {
    expect(amlRefusalOf(new HttpError(409, refusal))).toEqual(refusal);
    expect(amlRefusalOf(new HttpError(409, { detail: 'This item has already been sold.' }))).toBeNull();
    expect(amlRefusalOf(new HttpError(400, refusal))).toBeNull();
    expect(amlRefusalOf(new HttpError(409, null))).toBeNull();
    expect(amlRefusalOf(new Error('network'))).toBeNull();
  });
});

describe('AmlRefusalAlert', () => {
  it('announces the rule, names each missing piece as a step, and the euro figures', () => {
    render(
      <ThemeModeProvider>
        <AmlRefusalAlert refusal={refusal} />
      </ThemeModeProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Cash payment refused (anti-money-laundering rule).');
    expect(alert).toHaveTextContent(refusal.detail);
    const steps = within(within(alert).getByRole('list', { name: 'What is missing' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      'Upload an identity document to the client’s KYC documents.',
      'Record the verification on the client’s page (Due diligence).',
    ]);
    expect(alert).toHaveTextContent(
      'This payment: €4,117.64. With the client’s cash in the last 90 days: €10,000.00.',
    );
  });

  it('for a walk-in asks for a client and shows this payment only, under the caller\u2019s title', () => {
    render(
      <ThemeModeProvider>
        <AmlRefusalAlert
          title="Cash sale refused."
          refusal={{
            ...refusal,
            missing: ['client'],
            detail: amlRefusalDetail(['client']),
            amountEur: 10000,
          }}
        />
      </ThemeModeProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Cash sale refused\./);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Choose the buyer’s client record');
    expect(alert).toHaveTextContent('This payment: €10,000.00.');
    expect(alert).not.toHaveTextContent('last 90 days:');
  });
});
