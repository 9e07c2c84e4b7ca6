import {
  RISK_ASSESSMENT_NOT_ALLOWED,
  type RiskAssessment,
  type RiskAssessmentList,
  type Role,
} from '@loupe/contracts';
import { today } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RiskAssessmentPage } from '../src/features/risk-assessment/components/risk-assessment-page';
import { RiskReviewNotice } from '../src/features/risk-assessment/components/risk-review-notice';
import { installFakeXhr } from '@loupe/platform/testing';

// /compliance/risk-assessment (issue 25 item 1, MLR 2017 reg. 18/18A): the owner records the firm-wide risk
// assessment as versions with a document, owner and review date; "Review due" shows from 30 days before it.

const LIST = '/api/compliance/risk-assessments/';
const SETTINGS = '/api/compliance/risk-settings/';

const MEMBERS = [
  { userId: 1, username: 'platinum', role: 'platinum' },
  { userId: 2, username: 'gold', role: 'gold' },
];

const version = (id: number, over: Partial<RiskAssessment> = {}): RiskAssessment => ({
  id,
  version: id,
  fileName: `FWRA v${id}.pdf`,
  contentType: 'application/pdf',
  size: 2048,
  ownerUserId: 2,
  owner: 'gold',
  assessedOn: '2025-03-20',
  reviewOn: '2026-03-20',
  notes: 'Annual review',
  createdBy: 'platinum',
  createdAt: '2025-03-20T10:00:00.000Z',
  ...over,
});

function serve(role: Role, list: Omit<RiskAssessmentList, 'members' | 'today'>): FetchMock {
  let threshold = '0.00';
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    [`GET ${LIST}`]: () =>
      role === 'platinum'
        ? { body: { ...list, today: '2026-03-01', members: MEMBERS } satisfies RiskAssessmentList }
        : { status: 403, body: { detail: RISK_ASSESSMENT_NOT_ALLOWED } },
    [`GET ${SETTINGS}`]: () => ({ body: { eddThresholdGbp: threshold } }),
    [`PUT ${SETTINGS}`]: (call) => {
      const value = (call.body as { eddThresholdGbp: string }).eddThresholdGbp;
      if (!/^\d+(\.\d{1,2})?$/.test(value))
        return { status: 400, body: { eddThresholdGbp: ['A valid number is required.'] } };
      threshold = Number(value).toFixed(2);
      return { body: { eddThresholdGbp: threshold } };
    },
  });
  globalThis.fetch = mock.fetch;
  return mock;
}

const renderPage = () =>
  renderWithProviders(<RiskAssessmentPage />, { route: '/compliance/risk-assessment' });

describe('the firm-wide risk assessment page', () => {
  it('shows the version in force, “Review due” within 30 days of its review date, and every version', async () => {
    serve('platinum', { current: version(2), history: [version(2), version(1)], review: 'due' });
    renderPage();
    expect(
      await screen.findByText('Review due: the risk assessment is due for review on 20 Mar 2026.'),
    ).toBeInTheDocument();
    const inForce = within(screen.getByRole('region', { name: 'In force' }));
    expect(inForce.getByText('Owner').nextElementSibling).toHaveTextContent('gold');
    expect(inForce.getByRole('link', { name: 'FWRA v2.pdf' })).toHaveAttribute(
      'href',
      '/api/api/compliance/risk-assessments/2/file/',
    );
    const table = within(screen.getByRole('table', { name: 'Every version' }));
    expect(table.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['v2', 'v1']);
  });

  it('says when none is on file, and records a new version with its owner, dates and notes', async () => {
    const mock = serve('platinum', { current: null, history: [], review: 'none' });
    const xhr = installFakeXhr(() => ({ status: 201, body: version(1) }));
    renderPage();
    expect(
      await screen.findByText('No firm-wide risk assessment is on file (MLR 2017 reg. 18).'),
    ).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Record a new version' }));
    expect(form.getByLabelText('Assessed on')).toHaveValue(today());
    // Without a document nothing is sent.
    await userEvent.click(form.getByRole('button', { name: 'Record version' }));
    expect(await form.findByText('Choose the assessment’s document.')).toBeInTheDocument();
    expect(form.getByLabelText('Document')).toHaveFocus();
    expect(xhr.sent).toHaveLength(0);

    await userEvent.upload(
      form.getByLabelText('Document'),
      new File(['%PDF-1.4'], 'FWRA 2026.pdf', { type: 'application/pdf' }),
    );
    await userEvent.selectOptions(form.getByLabelText('Owner'), 'gold (gold)');
    const review = form.getByLabelText('Review by');
    // A review day on or before the assessment's is refused at its field, which takes the focus.
    await userEvent.clear(review);
    await userEvent.type(review, today());
    await userEvent.click(form.getByRole('button', { name: 'Record version' }));
    expect(await form.findByText('The review date must be after the assessment date.')).toBeInTheDocument();
    expect(review).toHaveFocus();
    expect(xhr.sent).toHaveLength(0);
    await userEvent.clear(review);
    await userEvent.type(review, '2027-01-31');
    await userEvent.type(form.getByLabelText('Notes'), 'New: crypto payments');
    await userEvent.click(form.getByRole('button', { name: 'Record version' }));
    expect(await screen.findByText('Version 1 recorded.')).toBeInTheDocument();
    // The document and notes were this version's; the owner and dates stay for the next.
    expect(form.getByLabelText('Notes')).toHaveValue('');
    expect(form.getByLabelText('Owner')).toHaveValue('2');
    expect(review).toHaveValue('2027-01-31');
    const sent = new URL(xhr.sent[0]!.url, 'http://localhost');
    expect(sent.pathname).toBe('/api/api/compliance/risk-assessments/');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      ownerUserId: '2',
      assessedOn: today(),
      reviewOn: '2027-01-31',
      notes: 'New: crypto payments',
    });
    // The list is read again after the upload.
    await waitFor(() => expect(mock.callsTo('GET', LIST).length).toBeGreaterThan(1));
    xhr.restore();
  });

  it('changes the enhanced due diligence amount, the service’s 400 at the field', async () => {
    const mock = serve('platinum', { current: version(1), history: [version(1)], review: 'ok' });
    renderPage();
    const field = await screen.findByLabelText('Enhanced due diligence from (£)');
    await waitFor(() => expect(field).toHaveValue('0.00'));
    await userEvent.clear(field);
    await userEvent.type(field, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(await screen.findByText('A valid number is required.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(field).toHaveValue('5000.00');
    expect(mock.callsTo('PUT', SETTINGS).map((c) => c.body)).toEqual([
      { eddThresholdGbp: 'lots' },
      { eddThresholdGbp: '5000' },
    ]);
    // No reminder while the review is more than 30 days away.
    expect(screen.queryByText(/^Review (due|overdue):/)).not.toBeInTheDocument();
  });

  it('tells gold the page is the owner’s', async () => {
    serve('gold', { current: null, history: [], review: 'none' });
    renderPage();
    expect(await screen.findByText(RISK_ASSESSMENT_NOT_ALLOWED)).toBeInTheDocument();
  });
});

describe('the reminder on /compliance', () => {
  it('links the owner to the assessment and says the review is overdue', async () => {
    serve('platinum', {
      current: version(1, { reviewOn: '2026-02-01' }),
      history: [version(1, { reviewOn: '2026-02-01' })],
      review: 'overdue',
    });
    renderWithProviders(<RiskReviewNotice />, { route: '/compliance' });
    expect(
      await screen.findByText('Review overdue: the risk assessment was due for review on 1 Feb 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Risk assessment' })).toHaveAttribute(
      'href',
      '/compliance/risk-assessment',
    );
  });

  it('shows nothing to gold, and asks nothing', async () => {
    const mock = serve('gold', { current: null, history: [], review: 'none' });
    renderWithProviders(<RiskReviewNotice />, { route: '/compliance' });
    await waitFor(() => expect(mock.callsTo('GET', '/auth-check/').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Risk assessment' })).not.toBeInTheDocument();
    expect(mock.callsTo('GET', LIST)).toHaveLength(0);
  });
});
