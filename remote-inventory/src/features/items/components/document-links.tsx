import type { InvoiceRef } from '@loupe/contracts';
import { Button, Stack } from '@loupe/platform';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { approvalNoteUrl, invoicePdfUrl } from '../api/documents';

/** A PDF is a file the browser fetches: a real link, which the keyboard and "Save link as" both know. */
export const DocumentLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;
`;

interface InvoiceLinksProps {
  invoice: InvoiceRef;
  /** The links' words: the Sell dialog's are longer than the item page's. */
  downloadText: string;
  receiptText: string;
}

/**
 * Download saves the invoice under the server's name ("INV-000042.pdf"); the receipt opens in a new tab, where
 * the browser's PDF viewer prints it. The links name the reference, so a screen reader says which invoice.
 */
export function InvoiceLinks({ invoice, downloadText, receiptText }: InvoiceLinksProps) {
  return (
    <Stack $row $gap={2}>
      <DocumentLink
        href={invoicePdfUrl(invoice.id)}
        download=""
        aria-label={`${downloadText} ${invoice.reference}`}
      >
        {downloadText}
      </DocumentLink>
      <DocumentLink
        href={invoicePdfUrl(invoice.id, 'receipt')}
        target="_blank"
        rel="noopener"
        aria-label={`${receiptText} for ${invoice.reference}`}
      >
        {receiptText}
      </DocumentLink>
    </Stack>
  );
}

/** The approval note of a check-out, opened in a new tab to print (or save) and sign. */
export function ApprovalNoteLink({ checkoutId, children }: { checkoutId: number; children: string }) {
  return (
    <DocumentLink href={approvalNoteUrl(checkoutId)} target="_blank" rel="noopener">
      {children}
    </DocumentLink>
  );
}

/**
 * Done, after a dialog's form has given way to its documents: the form's buttons are gone, so focus comes
 * here rather than falling back to the page behind the dialog.
 */
export function DoneButton({ onClick }: { onClick(): void }) {
  // The platform's Button takes no ref: its paragraph does, and hands focus to it.
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.querySelector('button')?.focus(), []);
  return (
    <p ref={ref}>
      <Button onClick={onClick}>Done</Button>
    </p>
  );
}
