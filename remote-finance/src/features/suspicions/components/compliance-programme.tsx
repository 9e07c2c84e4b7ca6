import { isOwner } from '@loupe/contracts';
import { Card, CardTitle, DownloadLink, SelectField, useAuth } from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { complianceSummaryUrl } from '../api/suspicions';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The years a summary can be printed for: this one and the five before (records are kept five years). */
const yearsUpTo = (year: number) => Array.from({ length: 6 }, (_, i) => year - i);

/**
 * The compliance page's programme card (issue 25 item 1): the nominated officer's link to the register of
 * suspicious activity reports, and the annual compliance summary PDF for the owner or the officer. Nothing for
 * anyone else: even the register's existence is the officer's business.
 */
export function ComplianceProgramme() {
  const { role, nominatedOfficer } = useAuth();
  const [year, setYear] = useState(() => new Date().getFullYear());
  if (!nominatedOfficer && !isOwner(role)) return null;
  return (
    <Card aria-labelledby="compliance-programme">
      <CardTitle id="compliance-programme">AML programme</CardTitle>
      {nominatedOfficer ? (
        <p>
          You are the nominated officer: <Link to="/compliance/reports">Suspicious activity reports</Link>.
        </p>
      ) : null}
      <Row>
        <SelectField
          label="Summary year"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
        >
          {yearsUpTo(new Date().getFullYear()).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <DownloadLink href={complianceSummaryUrl(year)} download="">
          Download the annual compliance summary (PDF)
        </DownloadLink>
      </Row>
    </Card>
  );
}
