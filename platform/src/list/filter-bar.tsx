import styled from 'styled-components';

/**
 * The filter bar above a list (Activity, Invoices, Compliance, Margin by Brand): fields in a grid that wraps
 * to one column on a phone, bottom-aligned so that labels of different lengths keep the inputs in a row.
 */
export const FilterForm = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: end;
  column-gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

/** The bar's buttons and download links, wrapping on a narrow screen. */
export const FilterActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/**
 * A file the browser downloads or opens (a CSV, a PDF) styled as a button: a real link, which the keyboard and
 * "Save link as" both know.
 */
export const DownloadLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  text-decoration: none;
`;
