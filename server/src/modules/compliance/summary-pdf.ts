import {
  FONT,
  INK,
  MUTED,
  contentWidth,
  createPdf,
  drawFacts,
  drawFooter,
  drawHead,
  drawHeading,
  drawTable,
  formatDateLong,
  pdfBytes,
} from '../../kernel/pdf';
import type { SuspicionCounts } from './suspicion-repository';
import type { SummaryCounts, SummaryRiskAssessment, SummaryShop } from './summary-repository';

/** Everything the annual summary prints. */
export interface ComplianceSummaryData {
  year: number;
  shop: SummaryShop;
  nominatedOfficer: string | null;
  /** null: no assessment recorded (or the risk module's records are not in this database). */
  riskAssessment: SummaryRiskAssessment | null;
  counts: SummaryCounts;
  suspicions: SuspicionCounts;
  /** The shop's day it was printed (YYYY-MM-DD) and the instant, written as the file's date. */
  printedOn: string;
  printedAt: Date;
}

export const complianceSummaryFileName = (year: number) => `compliance-summary-${year}.pdf`;

const ROLE_WORDS: Record<string, string> = {
  platinum: 'Owner (platinum)',
  gold: 'Gold members',
  silver: 'Silver members',
};

/**
 * The annual compliance summary of a high value dealer (Money Laundering Regulations 2017): who is responsible
 * (the nominated officer, reg. 21(3)), the HMRC supervision registration (reg. 56), the firm-wide risk
 * assessment in force (reg. 18) and the year's counts — cash of €10,000 or more flagged and refused (reg.
 * 14(1)(a): a high value dealer is in scope for such payments), due diligence completed (reg. 27-28), internal
 * suspicious activity reports raised and disclosed to the NCA (reg. 21(5), POCA 2002 s.331) and the staff.
 * Counts only: no client and no report is named, so the summary can be shown to a supervisor or an auditor
 * without tipping anyone off (POCA s.333A).
 */
export async function renderComplianceSummaryPdf(data: ComplianceSummaryData): Promise<Buffer> {
  const { shop, year } = data;
  const name = shop.printedName;
  const doc = createPdf({ title: `Annual compliance summary ${year} — ${name}`, date: data.printedAt });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  drawHead(
    doc,
    {
      name,
      legalName: shop.legalName,
      address: shop.address,
      phone: '',
      email: '',
      vatNumber: '',
      companyNumber: '',
    },
    `Compliance summary ${year}`,
    null,
  );

  const bottom = drawFacts(
    doc,
    [
      ['Period', `${formatDateLong(`${year}-01-01`)} – ${formatDateLong(`${year}-12-31`)}`],
      ['HMRC AML registration no.', shop.hvdRegistrationNumber || 'Not entered in Shop Settings'],
      ['Nominated officer', data.nominatedOfficer ?? 'None named'],
      ['Printed', formatDateLong(data.printedOn)],
    ],
    left,
    doc.y,
    width,
  );
  doc.x = left;
  doc.y = bottom + 16;

  drawHeading(doc, 'Firm-wide risk assessment (MLR 2017 reg. 18)', left, width);
  doc.font(FONT.regular).fontSize(9.5).fillColor(INK);
  const risk = data.riskAssessment;
  if (risk) {
    doc.text(
      `Version ${risk.version}, assessed on ${formatDateLong(risk.assessedOn)}; review due ${formatDateLong(risk.reviewOn)}.`,
      left,
      doc.y,
      { width },
    );
  } else {
    doc.text('No firm-wide risk assessment is recorded in Loupe for this year.', left, doc.y, { width });
  }
  doc.y += 14;

  drawHeading(doc, `The year’s figures (${year})`, left, width);
  const count = (n: number) => n.toLocaleString('en-GB');
  drawTable(
    doc,
    [
      { title: 'Measure', width: 400 },
      { title: 'Count', width: 80 },
    ],
    [
      [
        'Cash payments of €10,000 or more accepted with due diligence (flagged)',
        count(data.counts.amlFlagged),
      ],
      ['Cash payments of €10,000 or more refused for want of due diligence', count(data.counts.amlRefused)],
      ['Clients whose due diligence was verified in the year', count(data.counts.cddVerified)],
      ['Clients with verified due diligence on file at the year’s end', count(data.counts.clientsWithCdd)],
      ['Internal suspicious activity reports raised', count(data.suspicions.raised)],
      ['… of which disclosed to the National Crime Agency', count(data.suspicions.disclosed)],
    ],
  );
  doc.y += 14;

  drawHeading(doc, 'Staff (active members today)', left, width);
  const total = data.counts.staff.reduce((sum, s) => sum + s.count, 0);
  drawTable(
    doc,
    [
      { title: 'Role', width: 400 },
      { title: 'Members', width: 80 },
    ],
    [
      ...data.counts.staff.map((s) => [ROLE_WORDS[s.role] ?? s.role, count(s.count)]),
      ['All staff', count(total)],
    ],
  );
  doc.y += 14;

  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Counts only: no client and no report is named here. The reports themselves are kept by the nominated ' +
        'officer. Keep this summary with the shop’s anti-money-laundering records for at least five years ' +
        '(MLR 2017 reg. 40).',
      left,
      doc.y,
      { width },
    );
  drawFooter(doc, `${name} · Annual compliance summary ${year} · Money Laundering Regulations 2017`);
  return pdfBytes(doc);
}
